import Foundation
import HTTPTypes
import OpenAPIRuntime
import Signet
@testable import SignetOpenAPI
import Testing

/// The conversions inside the middleware that the reference server cannot reach: it always sends a
/// `Content-Length` and serves no API under a base path, so bodies of unknown length and base URLs with a
/// path are made here.
@Suite("SignetOpenAPI conversions")
struct OpenAPIBodiesTests {
    /// A single-pass body of unknown length delivered in chunks, as a chunked response arrives.
    static func chunkedBody(_ bytes: [UInt8], chunk: Int) -> HTTPBody {
        let chunks = stride(from: 0, to: bytes.count, by: chunk).map { bytes[$0..<min($0 + chunk, bytes.count)] }
        let (stream, continuation) = AsyncThrowingStream<ArraySlice<UInt8>, any Error>.makeStream()
        for piece in chunks { continuation.yield(piece) }
        continuation.finish()
        return HTTPBody(stream, length: .unknown)
    }

    static let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) }

    @Test("a long error body of unknown length: the inspected prefix goes back in front of the rest")
    func longErrorBodyKeepsItsPrefix() async throws {
        let body = try await OpenAPIBodies.signetBody(
            Self.chunkedBody(Self.bytes, chunk: 10_000), status: .init(code: 422), inspectLimit: 64 * 1024)
        #expect(body.inMemoryBytes == nil && !body.isReplayable)
        let http = try #require(OpenAPIBodies.httpBody(body, absent: false))
        #expect(try await [UInt8](collecting: http, upTo: 1 << 20) == Self.bytes)
    }

    @Test("a short error body of unknown length is read into memory and handed on readable again")
    func shortErrorBodyInMemory() async throws {
        let short = Array(Self.bytes.prefix(3_000))
        let body = try await OpenAPIBodies.signetBody(
            Self.chunkedBody(short, chunk: 1_000), status: .unauthorized, inspectLimit: 64 * 1024)
        #expect(body.inMemoryBytes == short)
        let http = try #require(OpenAPIBodies.httpBody(body, absent: false))
        #expect(http.iterationBehavior == .multiple)
        #expect(try await [UInt8](collecting: http, upTo: 1 << 20) == short)
        #expect(try await [UInt8](collecting: http, upTo: 1 << 20) == short)
    }

    @Test("a success body is not read: it stays a stream with its length")
    func successBodyStreams() async throws {
        let body = try await OpenAPIBodies.signetBody(
            HTTPBody(Self.bytes, length: .known(Int64(Self.bytes.count))), status: .ok, inspectLimit: 64 * 1024)
        #expect(body.inMemoryBytes == nil)
        #expect(body.length == Self.bytes.count)
        let http = try #require(OpenAPIBodies.httpBody(body, absent: false))
        #expect(http.length == .known(Int64(Self.bytes.count)))
        #expect(try await [UInt8](collecting: http, upTo: 1 << 20) == Self.bytes)
    }

    @Test("no response body stays no body; an empty one stays empty")
    func absentBody() {
        #expect(OpenAPIBodies.httpBody(.empty, absent: true) == nil)
        #expect(OpenAPIBodies.httpBody(.empty, absent: false)?.length == .known(0))
    }

    @Test("a request body of unknown length over the limit is refused while it is read")
    func chunkedRequestBodyTooLarge() async throws {
        let request = HTTPRequest(method: .put, scheme: nil, authority: nil, path: "/upload?token=secret")
        let error = await #expect(throws: SignetError.self) {
            _ = try await OpenAPIBodies.collectRequestBody(
                Self.chunkedBody(Self.bytes, chunk: 4_096), limit: 50_000, operationID: "upload", request: request)
        }
        guard case .bodyTooLarge(let limit, let actual)? = error?.kind else {
            Issue.record("expected bodyTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 50_000 && actual == nil)
        #expect(error?.path == "/upload" && error?.operation == "upload")
    }

    @Test("a server URL with a path: signed with it in front, handed back relative, scheme and authority restored")
    func basePath() throws {
        let baseURL = try #require(URL(string: "https://api.example.com:8443/v2"))
        let target = WireTarget(baseURL: baseURL)
        let original = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/acme/client/players/a%20b?x=1")
        let wire = target.wireRequest(for: original)
        #expect(wire.scheme == "https" && wire.authority == "api.example.com:8443")
        #expect(wire.path == "/v2/acme/client/players/a%20b?x=1")
        var signed = wire
        signed.headerFields[.authorization] = "KEY:signature"
        let back = target.openAPIRequest(from: signed, original: original)
        #expect(back.scheme == nil && back.authority == nil)
        #expect(back.path == original.path)
        #expect(back.headerFields[.authorization] == "KEY:signature")
    }

    @Test("an IPv6 server URL keys the clock offset by its bracketed host and port")
    func ipv6Authority() throws {
        let target = WireTarget(baseURL: try #require(URL(string: "http://[::1]:8080")))
        #expect(target.authority == "[::1]:8080")
        #expect(target.basePath == "")
    }
}

/// What the OpenAPI pipeline's failures say in logs and spans: never the URL a transport failed on.
@Suite struct DownstreamFailureTests {
    struct FailedAt: Error, CustomStringConvertible {
        var description: String { "GET https://api.example/players?token=s3cret failed: timed out" }
    }

    @Test("an error that names its URL is described by its type: the query, a token in it, never reaches a log")
    func urlLeftOut() {
        let failure = DownstreamFailure(error: FailedAt())
        #expect(!failure.description.contains("s3cret") && failure.description.contains("FailedAt"), "\(failure)")
        let error = SignetError(.transport(underlying: failure))
        #expect(!"\(error)".contains("s3cret"), "\(error)")
        // An error without a URL is described as it describes itself.
        struct Refused: Error, CustomStringConvertible { var description: String { "connection refused" } }
        #expect(DownstreamFailure(error: Refused()).description == "connection refused")
    }
}
