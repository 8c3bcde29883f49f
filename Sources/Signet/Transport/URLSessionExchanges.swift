import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The delegate of ``URLSessionTransport/makeDefaultSession()``'s sessions: it refuses every redirect, and it
/// collects each response body as it arrives, so that the response-size limit is enforced while reading.
///
/// Each exchange registers its task with a limit and a continuation. The body grows in one byte array (the
/// one copy between FoundationNetworking's chunks and the caller's ``Body``); the first chunk that takes it
/// past the limit resumes the caller at once with ``ResponseTooLarge`` and cancels the task, and anything
/// that still arrives for it is dropped. (On Linux, a cancel from the delegate queue does not always stop
/// FoundationNetworking's transfer at once; memory stays bounded either way, because nothing more is kept.)
final class URLSessionExchanges: NSObject, URLSessionDataDelegate, Sendable {
    /// A response body that went past its limit while arriving.
    struct ResponseTooLarge: Error {
        let limit: Int
        let actual: Int
    }

    private struct Exchange {
        var limit: Int
        var bytes: [UInt8] = []
        var continuation: CheckedContinuation<([UInt8], URLResponse), any Error>
    }

    private let exchanges = Mutex<[Int: Exchange]>([:])

    /// Runs `task` (created on a session whose delegate is `self`, not yet resumed) to its end and returns its
    /// body and response; a body past `limit` bytes fails as soon as it gets there.
    func run(_ task: URLSessionTask, limit: Int) async throws -> ([UInt8], URLResponse) {
        let identifier = task.taskIdentifier
        let cancellable = UncheckedTask(task: task)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                exchanges.withLock { $0[identifier] = Exchange(limit: limit, continuation: continuation) }
                cancellable.task.resume()
            }
        } onCancel: {
            cancellable.task.cancel()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let refused: (CheckedContinuation<([UInt8], URLResponse), any Error>, limit: Int, actual: Int)? =
            exchanges.withLock { exchanges in
                guard var exchange = exchanges[dataTask.taskIdentifier] else { return nil }
                let actual = exchange.bytes.count + data.count
                if actual > exchange.limit {
                    exchanges[dataTask.taskIdentifier] = nil
                    return (exchange.continuation, exchange.limit, actual)
                }
                exchanges[dataTask.taskIdentifier] = nil  // keep `bytes` uniquely referenced while it grows
                exchange.bytes.append(contentsOf: data)
                exchanges[dataTask.taskIdentifier] = exchange
                return nil
            }
        if let (continuation, limit, actual) = refused {
            dataTask.cancel()
            continuation.resume(throwing: ResponseTooLarge(limit: limit, actual: actual))
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let exchange = exchanges.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        if let error {
            exchange.continuation.resume(throwing: error)
        } else if let response = task.response {
            exchange.continuation.resume(returning: (exchange.bytes, response))
        } else {
            exchange.continuation.resume(throwing: URLError(.badServerResponse))
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}

/// A `URLSessionTask` carried into the cancellation handler. FoundationNetworking's tasks are thread-safe
/// (`resume` and `cancel` may be called from any thread) but not declared `Sendable` on Linux.
private struct UncheckedTask: @unchecked Sendable {
    let task: URLSessionTask
}
