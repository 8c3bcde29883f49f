import Foundation
import FuzzSupport
import HTTPTypes
import Signet
import SignetGameSystem
import Synchronization

/// The three GameSystem answers (a player, the avatar components, an event's result) on arbitrary bytes,
/// read the way `GameSystemClient` reads them: through a `SignetClient` whose transport answers 200 with the input.
/// The only error a read may end in is `SignetError`. Differential: when Foundation's `JSONDecoder` decodes
/// the models' `Decodable` conformances from the input, the client must read the same value, unless the
/// input names a member twice (the client refuses that; Signet's reader tells) or a player's avatar is
/// over its limit. Round trip: a value the client read, encoded by `JSONEncoder`, reads back the same.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    check("player", bytes, read: { try await $0.player() }) { $0.avatar.count <= Player.maximumAvatarComponents }
    check("avatar components", bytes, read: { Array(try await $0.avatarComponents()) }) { _ in true }
    check("event result", bytes, read: { try await $0.postExternalEvent("Magic") }) { _ in true }
    return 0
}

/// The answer the transport gives next.
let answer = Mutex<[UInt8]>([])

struct AnswerTransport: Transport {
    func send(_ request: HTTPRequest, body: Body, baseURL: URL) async throws -> (HTTPResponse, Body) {
        (HTTPResponse(status: .ok), Body(answer.withLock { $0 }))
    }
}

let client: GameSystemPlayerClient = {
    // Any absolute base URL: the transport answers without a network, whatever the request.
    let base = URL(string: "http://gamesystem.invalid/acme") ?? URL(fileURLWithPath: "/")
    let chain = SignetClient(baseURL: base, transport: AnswerTransport(), middleware: [])
    return GameSystemClient(client: chain, admin: chain).forPlayer("ann")
}()

/// Reads `bytes` as `Value` with the client and checks it against JSONDecoder and a round trip.
func check<Value: Codable & Equatable & Sendable>(
    _ what: String, _ bytes: [UInt8],
    read: @escaping @Sendable (GameSystemPlayerClient) async throws -> Value, comparable: (Value) -> Bool
) {
    let harness = "gamesystem-answers (\(what))"
    let outcome = blocking { () async -> Result<Value, any Error> in
        answer.withLock { $0 = bytes }
        return await Result { try await read(client) }
    }
    if case .failure(let error) = outcome, !(error is SignetError) { unexpectedError(harness, error) }
    if let expected = try? JSONDecoder().decode(Value.self, from: Data(bytes)), comparable(expected), !namesAMemberTwice(bytes),
       StrictJSON.isValid(bytes) {
        switch outcome {
        case .success(let value): require(value == expected, harness, "read \(value), JSONDecoder \(expected) from \(excerpt(bytes))")
        case .failure(let error): disagreement(harness, "JSONDecoder reads \(excerpt(bytes)), the client refuses it: \(error)")
        }
    }
    guard case .success(let value) = outcome else { return }
    let encoded: [UInt8]
    do { encoded = Array(try JSONEncoder().encode(value)) } catch { disagreement(harness, "a value read does not encode: \(error)") }
    requireRoundTrip(harness, value, encoded: encoded, shown: excerpt(encoded)) { encoded in
        try blocking { () async -> Result<Value, any Error> in
            answer.withLock { $0 = encoded }
            return await Result { try await read(client) }
        }.get()
    }
}

/// Whether an object in `bytes`, valid JSON, names a member twice (JSONDecoder keeps one of them silently).
/// Keys are compared unescaped.
func namesAMemberTwice(_ bytes: [UInt8]) -> Bool {
    var objects: [Set<String>?] = []  // nil: an array
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "{"): objects.append([])
        case UInt8(ascii: "["): objects.append(nil)
        case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = objects.popLast()
        case UInt8(ascii: "\""):
            let start = index
            index += 1
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
            let token = Data(bytes[start...min(index, bytes.count - 1)])
            var next = index + 1
            while next < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: ":"), let keys = objects.last, var known = keys,
               let key = try? JSONDecoder().decode(String.self, from: token) {
                if known.contains(key) { return true }
                known.insert(key)
                objects[objects.count - 1] = known
            }
        default: break
        }
        index += 1
    }
    return false
}

/// RFC 8259 JSON, strictly: JSONDecoder also reads raw control characters in strings, escapes such as `\'`,
/// numbers with leading zeros and bytes that are not UTF-8, all of which Signet refuses by design (naming the
/// byte). Inputs that are not strict JSON are not compared.
struct StrictJSON {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    static func isValid(_ bytes: [UInt8]) -> Bool {
        guard String(validating: bytes, as: UTF8.self) != nil else { return false }
        var parser = StrictJSON(bytes: bytes)
        parser.skipSpace()
        guard parser.value() else { return false }
        parser.skipSpace()
        return parser.index == bytes.count
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipSpace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func eat(_ character: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: character) else { return false }
        index += 1
        return true
    }

    private mutating func value() -> Bool {
        guard let byte = current, depth < 256 else { return false }
        switch byte {
        case UInt8(ascii: "{"): return container(close: "}", member: true)
        case UInt8(ascii: "["): return container(close: "]", member: false)
        case UInt8(ascii: "\""): return string()
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return number()
        }
    }

    private mutating func container(close: Unicode.Scalar, member: Bool) -> Bool {
        index += 1
        depth += 1
        defer { depth -= 1 }
        skipSpace()
        if eat(close) { return true }
        while true {
            skipSpace()
            if member {
                guard string() else { return false }
                skipSpace()
                guard eat(":") else { return false }
                skipSpace()
            }
            guard value() else { return false }
            skipSpace()
            if eat(",") { continue }
            return eat(close)
        }
    }

    private mutating func literal(_ word: String) -> Bool {
        for byte in word.utf8 {
            guard current == byte else { return false }
            index += 1
        }
        return true
    }

    private mutating func string() -> Bool {
        guard eat("\"") else { return false }
        while let byte = current {
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return true
            case UInt8(ascii: "\\"):
                guard let escaped = current, Array("\"\\/bfnrtu".utf8).contains(escaped) else { return false }
                index += 1
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        guard let hex = current, (0x30...0x39).contains(hex) || (0x41...0x46).contains(hex) || (0x61...0x66).contains(hex)
                        else { return false }
                        index += 1
                    }
                }
            case 0..<0x20: return false
            default: break
            }
        }
        return false
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = current, (0x30...0x39).contains(byte) { index += 1 }
        return index - start
    }

    private mutating func number() -> Bool {
        _ = eat("-")
        if eat("0") {
            if let byte = current, (0x30...0x39).contains(byte) { return false }
        } else if digits() == 0 {
            return false
        }
        if eat("."), digits() == 0 { return false }
        if eat("e") || eat("E") {
            _ = eat("+") || eat("-")
            if digits() == 0 { return false }
        }
        return true
    }
}

/// Runs `body` on the concurrency pool and waits for it.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let result = Mutex<T?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await body()
        result.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    guard let value = result.withLock({ $0 }) else { fatalError("fuzz gamesystem-answers: a read did not finish") }
    return value
}

extension Result where Failure == any Error {
    init(_ body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

@main
enum Harness {
    static func main() { runLibFuzzer(fuzzOneInput) }
}
