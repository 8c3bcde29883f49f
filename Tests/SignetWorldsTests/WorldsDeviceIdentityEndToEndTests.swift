import Foundation
import Signet
@testable import SignetServer
import SignetTestSupport
import SignetWorlds
import Testing

/// The device id sent to the server stays the same across runs (two stores over the same folder), and
/// `deviceType` has the seed's shape.
@Suite("Device identity, end to end")
struct WorldsDeviceIdentityEndToEndTests {
    @Test("two runs over the same data folder send the same deviceId; another folder sends another")
    func stableAcrossRuns() async throws {
        let folder = try TemporaryDirectory()
        let other = try TemporaryDirectory()
        let environment = ["SIGNET_DATA_DIR": folder.url.path, "HOME": "/nonexistent"]
        try await ReferenceWorldsServer.with { server in
            var sent: [String] = []
            for environment in [environment, environment, ["SIGNET_DATA_DIR": other.url.path]] {
                // A new store and a new client each time, as a new process would make.
                let device = try DeviceIdentityStore.standard(environment: environment).loadOrCreate()
                let recorder = WireRecorder()
                let client = WorldsClient(
                    client: ReferenceWorldsServer.client(server, .asyncHTTPClient, recorder: recorder), device: device)
                _ = try await client.worlds(login: "ios.test@xyrality.com", password: "password")
                let fields = try FormURLDecoder.decode(try #require(recorder.last).requestBody)
                sent.append(try #require(fields.firstValue(named: "deviceId")))
                let deviceType = try #require(fields.firstValue(named: "deviceType"))
                #expect(deviceType == DeviceType.current.value)
                #expect(deviceType.wholeMatch(of: /[^ ]+ - [^ ]+ [^ ]+/) != nil, "\(deviceType)")
            }
            #expect(sent[0] == sent[1])
            #expect(sent[0] != sent[2])
            #expect(UUID(uuidString: sent[0]) != nil)
            let stored = try String(contentsOf: folder.url.appendingPathComponent("device-id"), encoding: .utf8)
            #expect(stored == sent[0] + "\n")
        }
    }

    @Test("the standard location follows SIGNET_DATA_DIR, then XDG_DATA_HOME, then ~/.local/share")
    func standardLocation() {
        #expect(DeviceIdentityStore.standard(environment: ["SIGNET_DATA_DIR": "/data/signet", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"])
            .fileURL.path == "/data/signet/device-id")
        #expect(DeviceIdentityStore.standard(environment: ["SIGNET_DATA_DIR": "", "XDG_DATA_HOME": "/xdg", "HOME": "/home/ann"])
            .fileURL.path == "/xdg/signet/device-id")
        #expect(DeviceIdentityStore.standard(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ann"])
            .fileURL.path == "/home/ann/.local/share/signet/device-id")
    }
}
