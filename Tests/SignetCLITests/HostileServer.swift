import Foundation
import SignetTestSupport
import Testing

/// A tiny hostile server for the CLI tests: Python's standard library (`http.server`, `plistlib`, a
/// hand-written WebSocket), sharing no code with the reference server, answering every Signet route with
/// whatever the test puts in its configuration (control characters, numbers near `Int.max`, 3,000 avatar
/// options). A fake stands in here because the reference server is correct by design and never sends these.
///
/// Configuration keys: `players` (served in order, the last repeated), `options` (avatar options per
/// component), `event`, `error` (`{"status", "message"}`: every route answers it), `conditions`,
/// `condition`, `worlds` (served as a binary property list), `capabilities`, `puzzle`, and `trivia`: the
/// WebSocket script, a list of messages to send in order where the string `"read"` waits for a client frame.
final class HostileServer {
    /// `http://127.0.0.1:PORT`.
    let baseURL: String
    private let process: Process
    private let directory: URL

    /// Whether `python3` can be run here (the hostile-server tests are skipped otherwise); in CI they always
    /// run, so a missing `python3` fails them.
    static let isAvailable: Bool = {
        if TestRun.inCI { return true }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/python3") }
    }()

    /// Starts a server answering with `configuration` and waits until it listens.
    init(_ configuration: [String: Any]) async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("signet-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = directory.appendingPathComponent("hostile_server.py")
        try Data(Self.script.utf8).write(to: script)
        let output = Pipe()
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path,
                             String(decoding: try JSONSerialization.data(withJSONObject: configuration), as: UTF8.self)]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let reader = output.fileHandleForReading
        let port: String = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var line = Data()
                while !line.contains(UInt8(ascii: "\n")) {
                    let chunk = reader.availableData
                    if chunk.isEmpty { break }
                    line.append(chunk)
                }
                let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                if Int(text) != nil {
                    continuation.resume(returning: text)
                } else {
                    continuation.resume(throwing: StartFailure(output: text))
                }
            }
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    deinit {
        // SIGKILL, not terminate(): the test runner's threads block SIGTERM and the child inherits the mask.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    struct StartFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { "the hostile server did not print its port: \(output)" }
    }

    /// The environment that points `signet` at this server with made-up credentials.
    var environment: [String: String] {
        ["SIGNET_BASE_URL": baseURL, "SIGNET_CLIENT_KEY": "k", "SIGNET_CLIENT_SECRET": "client-secret",
         "SIGNET_ADMIN_KEY": "a", "SIGNET_ADMIN_SECRET": "admin-secret", "SIGNET_PASSWORD": "pw"]
    }

    static let script = #"""
        import base64, hashlib, json, plistlib, struct, sys
        from http.server import ThreadingHTTPServer, BaseHTTPRequestHandler
        from urllib.parse import urlparse

        config = json.loads(sys.argv[1])
        served = {}

        def take(name):
            items = config[name]
            index = served.get(name, 0)
            served[name] = index + 1
            return items[min(index, len(items) - 1)]

        def component(identifier, name, first, count):
            options = [{"id": first + i, "name": "%s %d" % (name, i)} for i in range(count)]
            return {"id": identifier, "name": name, "options": options}

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def reply(self, status, body, content_type="application/json"):
                data = body if isinstance(body, bytes) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def route(self):
                length = int(self.headers.get("Content-Length") or 0)
                if length:
                    self.rfile.read(length)
                path = urlparse(self.path).path
                if "error" in config:
                    return self.reply(config["error"]["status"], {"error_message": config["error"]["message"]})
                if path.endswith("/avatar_components"):
                    count = config.get("options", 2)
                    return self.reply(200, [component(1, "Top", 101, count), component(2, "Bottom", 100001, count)])
                if "/players/" in path:
                    return self.reply(200, take("players"))
                if path.endswith("/player_external_events"):
                    return self.reply(200, config["event"])
                if path == "/conditions":
                    return self.reply(200, config["conditions"])
                if path.startswith("/conditions/"):
                    return self.reply(200, config["condition"])
                if path.endswith("/wa/worlds"):
                    plist = plistlib.dumps(config["worlds"], fmt=plistlib.FMT_BINARY)
                    return self.reply(200, plist, "application/x-plist")
                if path == "/capabilities":
                    return self.reply(200, config["capabilities"])
                if path == "/puzzle":
                    return self.reply(200, config["puzzle"])
                if path == "/trivia/jokers":
                    return self.reply(200, {"user": "ann", "jokers": 0})
                if path == "/trivia/play":
                    return self.play()
                self.reply(404, {"error_message": "no route " + path})

            do_GET = do_POST = do_PUT = route

            def play(self):
                key = self.headers["Sec-WebSocket-Key"] + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
                self.send_response(101)
                self.send_header("Upgrade", "websocket")
                self.send_header("Connection", "Upgrade")
                self.send_header("Sec-WebSocket-Accept", base64.b64encode(hashlib.sha1(key.encode()).digest()).decode())
                self.end_headers()
                self.wfile.flush()
                self.connection.settimeout(10)
                for step in config["trivia"]:
                    if step == "read":
                        self.read_frame()
                    else:
                        self.send_frame(0x1, json.dumps(step).encode())
                self.send_frame(0x8, struct.pack("!H", 1000) + b"game over")
                self.close_connection = True

            def send_frame(self, opcode, payload):
                head = bytes([0x80 | opcode])
                if len(payload) < 126:
                    head += bytes([len(payload)])
                elif len(payload) < 65536:
                    head += bytes([126]) + struct.pack("!H", len(payload))
                else:
                    head += bytes([127]) + struct.pack("!Q", len(payload))
                self.wfile.write(head + payload)
                self.wfile.flush()

            def read_frame(self):
                first, second = self.rfile.read(2)
                length = second & 0x7F
                if length == 126:
                    length = struct.unpack("!H", self.rfile.read(2))[0]
                elif length == 127:
                    length = struct.unpack("!Q", self.rfile.read(8))[0]
                if second & 0x80:
                    self.rfile.read(4)
                self.rfile.read(length)
                return first & 0x0F

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#
}

extension SignetProcess.Output {
    /// Records an issue for every character a terminal would obey that reached stdout or stderr: C0 controls
    /// but the line feed (and the carriage return of a pseudo-terminal), DEL, C1, and the bidi controls.
    func expectNoControlCharacters(allowingEscapeSequences: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        for (name, text) in [("stdout", stdout), ("stderr", stderr)] {
            if !allowingEscapeSequences {
                #expect(!text.utf8.contains(0x1B), "a raw ESC reached \(name)", sourceLocation: sourceLocation)
            }
            #expect(!text.utf8.contains(0x07), "a raw BEL reached \(name)", sourceLocation: sourceLocation)
            let obeyed = text.unicodeScalars.filter { scalar in
                switch scalar.value {
                case 0x0A, 0x1B: false
                case 0x0D: !allowingEscapeSequences
                case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
                default: false
                }
            }
            #expect(obeyed.isEmpty, "control characters reached \(name): \(obeyed.map { String($0.value, radix: 16) })",
                    sourceLocation: sourceLocation)
        }
    }
}
