import Foundation
import SignetTestSupport
import Testing

#if os(Linux)
/// An unsigned upload is refused whatever its body holds: every adapter counts its bytes against the limit but
/// keeps none of them, even with `keepsBody` on (`BodyIntake.discards`). Measured as the server's memory, in a
/// child process of its own (other suites would disturb the figure): the child serves, sends itself a 48 MiB
/// unsigned POST from one reused 64 KiB buffer, and reports how far its peak resident size rose. (The
/// reference server's echo route keeps no body at all, so it is not among them: it could not fail here.)
/// Without the flag the adapters grew by 48–64 MiB.
@Suite("An unsigned upload costs the server no memory for its body: every adapter")
struct UnsignedUploadMemoryTests {
    static let variable = "SIGNET_UNSIGNED_UPLOAD_CHILD"
    static let bodyBytes = 48 << 20

    @Test("a 48 MiB unsigned POST under a 64 MiB limit, keepsBody on: 401, and the server grows by far less than the body",
          arguments: ConformanceEnvironment.adapters)
    func unsignedUpload(_ environment: ConformanceEnvironment) async throws {
        if let role = IsolatedMeasurement.role(Self.variable) {
            // The child: only the environment named in its role measures; the others (one filter runs them
            // all) return at once.
            guard role == environment.rawValue else { return }
            try await Self.measure(environment)
            return
        }
        let fields = try await IsolatedMeasurement.run(
            test: "UnsignedUploadMemoryTests", variable: Self.variable, role: environment.rawValue)
        let growth = try #require(fields["growth"].flatMap { Int($0) }, "the child reported \(fields)")
        #expect(fields["status"] == "401", "\(fields)")
        // Kept, the body alone would be 48 MiB (more, as a buffer grows by doubling).
        #expect(growth < 16 << 20, "the server grew by \(growth >> 20) MiB for a 48 MiB unsigned body: \(fields)")
    }

    /// In the child: serve, warm up with a small unsigned POST, then measure the large one.
    static func measure(_ environment: ConformanceEnvironment) async throws {
        var setup = try ConformanceSetup.inMemory(explains: false)
        setup.bodyLimit = 64 << 20
        let server = try await environment.start(setup)
        let port = try #require(server.baseURL.port)
        let chunk = [UInt8](repeating: 85, count: 64 << 10)
        func upload(_ bytes: Int) async throws -> String {
            let socket = try RawClientSocket(port: port)
            defer { socket.close() }
            socket.send("POST \(ConformanceSetup.echoPath) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(bytes)\r\n\r\n")
            // On a thread of its own: the writes block while the server reads, and the pool's threads serve.
            let sent: Bool = await withCheckedContinuation { continuation in
                Thread.detachNewThread {
                    var left = bytes
                    while left > 0, socket.send(left >= chunk.count ? chunk : Array(chunk.prefix(left))) {
                        left -= min(left, chunk.count)
                    }
                    continuation.resume(returning: left == 0)
                }
            }
            let read = await socket.readHead(within: .seconds(60))
            return sent ? read.status.map(String.init) ?? "none" : "not sent"
        }
        _ = try await upload(64 << 10)
        ProcessMemory.trimHeap()
        guard ProcessMemory.resetHighWaterMark(), let idle = ProcessMemory.resident() else {
            IsolatedMeasurement.report(["error": "the kernel refused to reset VmHWM"])
            await server.stop()
            return
        }
        let status = try await upload(bodyBytes)
        let peak = ProcessMemory.highWaterMark() ?? idle
        await server.stop()
        IsolatedMeasurement.report(["idle": String(idle), "growth": String(peak - idle), "status": status])
    }
}
#endif
