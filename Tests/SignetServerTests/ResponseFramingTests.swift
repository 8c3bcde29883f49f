import Foundation
import Signet
import SignetTestSupport
import Testing

/// The response framings of the transport conformance table (`ResponseFramings`, run on every transport by
/// `TransportConformanceTests`) that crash FoundationNetworking, read again in a child process each.
@Suite("Response framing: the FoundationNetworking crashes")
struct ResponseFramingTests {
    static let childVariable = "SIGNET_FRAMING_CRASH_CHILD"

    /// The framings the table does not run on URLSession still stop a process that reads them with
    /// `URLSessionTransport`: when a toolchain fixes FoundationNetworking this fails, and the rows (and the
    /// warnings in the docs) can go. Each runs in a child process (this test binary, this test), which the crash ends.
    @Test("FoundationNetworking still crashes on the framings URLSession skips (a child process per framing)",
          arguments: (ResponseFramings.allowed + ResponseFramings.forbidden).filter(\.crashesFoundationNetworking))
    func foundationNetworkingCrash(_ framing: ResponseFramings.Framing) async throws {
        #if os(Linux)
        if let role = IsolatedMeasurement.role(Self.childVariable) {
            // In the child: only the framing the parent named, over URLSession. Reaching the report means it survived.
            guard role == framing.testDescription else { return }
            let exchange = try await ResponseFramings.Exchange(framing, over: URLSessionTransport())
            IsolatedMeasurement.report(["survived": "\(exchange.outcome)"])
            return
        }
        let exit = try await IsolatedMeasurement.runChild(
            test: "ResponseFramingTests/foundationNetworkingCrash", variable: Self.childVariable, role: framing.testDescription)
        #expect(!exit.output.contains("SIGNET-ISOLATED-MEASUREMENT"),
                "FoundationNetworking survived: run this framing on URLSession again and update docs/decisions.md")
        #expect(exit.signalled, "the child exited with status \(exit.status)")
        #expect(exit.errors.contains("Transfer completed, but there's no response."), "stderr: \(exit.errors.suffix(600))")
        #endif
    }
}
