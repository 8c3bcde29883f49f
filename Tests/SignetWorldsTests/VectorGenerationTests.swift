import Foundation
import SignetWorlds
import Testing
@testable import SignetServer

/// Regenerates the vector written by Signet's own binary writer. Off by default so that a test run
/// never changes committed files; run with `SIGNET_WRITE_PLIST_VECTORS=1 swift test --filter VectorGeneration`.
@Suite struct VectorGenerationTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["SIGNET_WRITE_PLIST_VECTORS"] != nil))
    func writeSignetBinaryVector() throws {
        let value = try PropertyListReader().read(try PlistFolder.bytes("real-server.openstep.plist"))
        let bytes = try PropertyListWriter.write(value, as: .binary)
        try Data(bytes).write(to: PlistFolder.url.appendingPathComponent("real-server.binary.signet.plist"))
    }
}
