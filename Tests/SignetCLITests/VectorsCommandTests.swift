import Foundation
import Testing

/// `signet vectors check`, run as a process over the committed files and broken copies of them.
@Suite("signet vectors check")
struct VectorsCommandTests {
    static let files = [
        "gamesystem-signing.json", "gamesystem-verify.json", "md5-rfc1321.json",
        "sha1-rfc3174.json", "hmac-sha1-rfc2202.json", "base64-rfc4648.json",
    ]

    static func vectorPath(_ name: String) -> String {
        SignetProcess.packageRoot.appendingPathComponent("Vectors").appendingPathComponent(name).path
    }

    /// A vector file parsed here with JSONSerialization.
    static func load(_ name: String) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: vectorPath(name))))
        return try #require(object as? [String: Any])
    }

    static func vectorCount(_ name: String) throws -> Int {
        try #require(try load(name)["vectors"] as? [Any]).count
    }

    @Test("Every committed vector file passes: exit 0 and 'N passed, 0 failed'")
    func committedFilesPass() async throws {
        let total = try Self.files.map(Self.vectorCount).reduce(0, +)
        #expect(total == 127)
        let output = try await SignetProcess.run(["vectors", "check"] + Self.files.map(Self.vectorPath))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines.last == "\(total) passed, 0 failed")
        #expect(output.lines.count == 1)
        #expect(output.stderr.isEmpty)
    }

    @Test("Relative paths from the package root work as in CI")
    func relativePaths() async throws {
        let output = try await SignetProcess.run(["vectors", "check", "Vectors/gamesystem-signing.json", "Vectors/md5-rfc1321.json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.lines.last == "50 passed, 0 failed")
    }

    @Test("One edited expected signature: exit 1, a FAIL line naming vector and field, '… 1 failed'")
    func editedSignature() async throws {
        var file = try Self.load("gamesystem-signing.json")
        var vectors = try #require(file["vectors"] as? [[String: Any]])
        let name = try #require(vectors[2]["name"] as? String)
        var expected = try #require(vectors[2]["expected"] as? [String: Any])
        let original = try #require(expected["signature"] as? String)
        let edited = (original.first == "0" ? "1" : "0") + original.dropFirst()
        expected["signature"] = edited
        vectors[2]["expected"] = expected
        file["vectors"] = vectors
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "edited-signing.json", contents: JSONSerialization.data(withJSONObject: file))

        let output = try await SignetProcess.run(["vectors", "check", path, Self.vectorPath("md5-rfc1321.json")])
        #expect(output.status == 1)
        #expect(output.lines.last == "\(vectors.count - 1 + 7) passed, 1 failed")
        let failures = output.lines.filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        #expect(failure.contains(path))
        #expect(failure.contains(name))
        #expect(failure.contains("signature"))
        #expect(failure.contains(edited))
        #expect(failure.contains(original))
    }

    @Test("A wrong verification verdict fails naming the vector and both verdicts")
    func editedVerdict() async throws {
        var file = try Self.load("gamesystem-verify.json")
        var vectors = try #require(file["vectors"] as? [[String: Any]])
        let index = try #require(vectors.firstIndex { $0["name"] as? String == "unknown-key" })
        vectors[index]["expected"] = ["valid": false, "error": "bad-signature"]
        file["vectors"] = vectors
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "edited-verify.json", contents: JSONSerialization.data(withJSONObject: file))
        let output = try await SignetProcess.run(["vectors", "check", path])
        #expect(output.status == 1)
        #expect(output.lines.last == "\(vectors.count - 1) passed, 1 failed")
        let failure = try #require(output.lines.first { $0.hasPrefix("FAIL") })
        #expect(failure.contains("unknown-key"))
        #expect(failure.contains("bad-signature"))
    }

    @Test("A malformed file: exit 1, stderr names the file and the JSON path")
    func malformedFile() async throws {
        var file = try Self.load("gamesystem-signing.json")
        var vectors = try #require(file["vectors"] as? [[String: Any]])
        vectors[1]["body_base64"] = "not base64!"
        file["vectors"] = vectors
        let directory = try TemporaryDirectory()
        let path = try directory.file(named: "bad-body.json", contents: JSONSerialization.data(withJSONObject: file))
        let output = try await SignetProcess.run(["vectors", "check", path, Self.vectorPath("md5-rfc1321.json")])
        #expect(output.status == 1)
        #expect(output.stderr.contains(path))
        #expect(output.stderr.contains("$.vectors[1].body_base64"))
        #expect(output.lines.last == "7 passed, 0 failed") // the good file still ran

        let notJSON = try directory.file(named: "not-json.json", text: "{ nope")
        let broken = try await SignetProcess.run(["vectors", "check", notJSON])
        #expect(broken.status == 1)
        #expect(broken.stderr.contains(notJSON))
        #expect(broken.stderr.contains("$"))

        let unknown = try directory.file(named: "unknown.json", text: #"{"scheme": "sha512", "vectors": []}"#)
        let unknownOutput = try await SignetProcess.run(["vectors", "check", unknown])
        #expect(unknownOutput.status == 1)
        #expect(unknownOutput.stderr.contains("$.scheme"))
        #expect(unknownOutput.stderr.contains("sha512"))

        vectors = try #require(file["vectors"] as? [[String: Any]])
        vectors[1]["body_base64"] = ""
        vectors[0].removeValue(forKey: "target")
        file["vectors"] = vectors
        let missing = try directory.file(named: "missing-target.json", contents: JSONSerialization.data(withJSONObject: file))
        let missingOutput = try await SignetProcess.run(["vectors", "check", missing])
        #expect(missingOutput.status == 1)
        #expect(missingOutput.stderr.contains("$.vectors[0].target"))
    }

    @Test("A missing file: exit 1, stderr names it")
    func missingFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("absent.json").path
        let output = try await SignetProcess.run(["vectors", "check", path])
        #expect(output.status == 1)
        #expect(output.stderr.contains(path))
        #expect(output.lines.last == "0 passed, 0 failed")
    }
}
