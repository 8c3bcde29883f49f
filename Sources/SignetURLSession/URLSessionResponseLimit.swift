import Foundation
import Signet
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPTypes
import HTTPTypesFoundation
import Synchronization

/// The delegate of ``SignetURLSessionTransport``'s default session: it refuses every redirect, and collects each
/// task's response body up to the transport's limit. As soon as the limit is passed (or at once when
/// `Content-Length` announces more) the caller gets `SignetError/Kind/bodyTooLarge(limit:actual:)`, what
/// came is dropped, and the task is cancelled. Without it URLSession would hold a whole response in
/// memory, however large, before the transport could look at its size. The body is collected straight
/// into the `[UInt8]` the response body becomes, sized from `Content-Length`: it is never copied whole.
///
/// On Linux, FoundationNetworking ignores the cancellation of a task that is receiving its body: it goes on
/// reading until the server stops (or the request times out), but what it reads is discarded here, so the
/// memory held stays within the limit and the caller is not kept waiting.
final class URLSessionResponseLimit: NSObject, URLSessionDataDelegate, Sendable {
    private let collectors = Mutex<[Int: Collector]>([:])

    /// Runs `task`, returning its body and response; a body larger than `limit` ends it with
    /// `SignetError/Kind/bodyTooLarge(limit:actual:)`. Cancelling the calling task cancels `task`.
    func run(_ task: URLSessionTask, limit: Int) async throws -> ([UInt8], URLResponse) {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                collectors.withLock { $0[task.taskIdentifier] = Collector(limit: limit, continuation: continuation) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let collector = collectors.withLock { $0[dataTask.taskIdentifier] }
        // A HEAD, 204 or 304 announces the length of a body it does not carry.
        let method = dataTask.originalRequest?.httpMethod.flatMap { HTTPRequest.Method($0) } ?? .get
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        let mayHaveBody = ResponseFraming.mayHaveBody(method: method, status: status)
        guard collector?.accept(response, mayHaveBody: mayHaveBody) == false else { return completionHandler(.allow) }
        completionHandler(.cancel)
        collector?.refuse()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let collector = collectors.withLock { $0[dataTask.taskIdentifier] }
        guard collector?.append(data) == false else { return }
        dataTask.cancel()
        collector?.refuse()
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let collector = collectors.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        collector?.complete(error)
    }

    /// One task's body so far, and the caller waiting for it.
    final class Collector: Sendable {
        private struct State {
            var bytes: [UInt8] = []
            var response: URLResponse?
            /// Set once the limit is passed: the size announced by `Content-Length`, if it was.
            var refused: Int??
            var continuation: CheckedContinuation<([UInt8], URLResponse), any Error>?
        }

        let limit: Int
        private let state: Mutex<State>

        init(limit: Int, continuation: CheckedContinuation<([UInt8], URLResponse), any Error>) {
            self.limit = limit
            state = Mutex(State(continuation: continuation))
        }

        /// Records the response head; false when its `Content-Length` already exceeds the limit, for an answer
        /// that `mayHaveBody`.
        func accept(_ response: URLResponse, mayHaveBody: Bool) -> Bool {
            state.withLock { state in
                state.response = response
                guard mayHaveBody else { return true }
                let declared = response.expectedContentLength
                guard declared > Int64(limit) else {
                    // Room for the announced body (pages are used only as it arrives): it is never regrown.
                    if declared > 0 { state.bytes.reserveCapacity(Int(declared)) }
                    return true
                }
                state.refused = .some(Int(clamping: declared))
                return false
            }
        }

        /// Appends `data`; false once the body exceeds the limit (what came is then dropped).
        func append(_ data: Data) -> Bool {
            state.withLock { state in
                guard state.refused == nil else { return false }
                guard state.bytes.count + data.count <= limit else {
                    state.refused = .some(nil)
                    state.bytes = []
                    return false
                }
                state.bytes.append(contentsOf: data)
                return true
            }
        }

        /// Resumes the caller, if it still waits, with the limit's refusal.
        func refuse() {
            let continuation = state.withLock { state in
                defer { state.continuation = nil }
                return state.continuation
            }
            continuation?.resume(throwing: refusal)
        }

        /// The refusal, naming the limit (and the announced size and the status, when known).
        private var refusal: SignetError {
            state.withLock { state in
                let status = (state.response as? HTTPURLResponse).flatMap { $0.httpResponse?.status }
                return SignetError(.bodyTooLarge(limit: limit, actual: state.refused ?? nil), status: status)
            }
        }

        /// Resumes the caller, if it still waits: the body, the limit's refusal, or `error`.
        func complete(_ error: (any Error)?) {
            let (continuation, result): (CheckedContinuation<([UInt8], URLResponse), any Error>?, Result<([UInt8], URLResponse), any Error>) =
                state.withLock { state in
                    defer { state.continuation = nil }
                    if let refused = state.refused {
                        let status = (state.response as? HTTPURLResponse).flatMap { $0.httpResponse?.status }
                        return (state.continuation, .failure(SignetError(.bodyTooLarge(limit: limit, actual: refused), status: status)))
                    }
                    if let error { return (state.continuation, .failure(error)) }
                    guard let response = state.response else {
                        return (state.continuation, .failure(SignetError(.invalidResponse(reason: "no response"))))
                    }
                    defer { state.bytes = [] }
                    return (state.continuation, .success((state.bytes, response)))
                }
            continuation?.resume(with: result)
        }
    }
}
