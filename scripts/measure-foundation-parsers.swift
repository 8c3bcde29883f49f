// What Foundation does with the inputs Signet's own parsers exist for, measured on this machine; the figures are in
// docs/decisions.md ("Hand-written parsers"). Foundation only, no Signet: each line printed is one measurement.
//
//   swiftc -O scripts/measure-foundation-parsers.swift -o /tmp/measure-parsers && /tmp/measure-parsers
//
// About a minute and 2 GiB of memory (the 24-level binary plist is the point: it expands).
import Foundation

func time(_ body: () -> Void) -> Double { let s = Date(); body(); return Date().timeIntervalSince(s) }
func rssKB() -> Int {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

// 1. JSONDecoder's messages for malformed input.
struct P: Decodable { var a: [Int] }
for text in ["{\"a\": [1, 2,, 3]}", "{\"a\": [1, 2, 3]", "{\"a\": [1, 18446744073709551616]}", "{\"a\": \"x\"}"] {
    do { _ = try JSONDecoder().decode(P.self, from: Data(text.utf8)) } catch {
        print("JSONDecoder on \(text): \(error)")
    }
}
// 2. Depth: JSONSerialization at 512 and 513 and 100,000.
for depth in [512, 513, 100_000] {
    let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    do { _ = try JSONSerialization.jsonObject(with: Data(text.utf8)); print("JSONSerialization depth \(depth): accepted") }
    catch { print("JSONSerialization depth \(depth): \(error)") }
}
// 3. Probing Decodable (try? each type) at depth, the old JSONValue approach.
indirect enum Probe: Decodable {
    case null, bool(Bool), number(Double), string(String), array([Probe]), object([String: Probe])
    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let n = try? c.decode(Double.self) { self = .number(n) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([Probe].self) { self = .array(a) }
        else { self = .object(try c.decode([String: Probe].self)) }
    }
}
for depth in [64, 128, 256, 500] {
    let text = String(repeating: "{\"k\":", count: depth) + "1" + String(repeating: "}", count: depth)
    let t = time { _ = try? JSONDecoder().decode(Probe.self, from: Data(text.utf8)) }
    print("probing Decodable, \(text.utf8.count) bytes \(depth) deep: \(String(format: "%.3f", t)) s")
}
// 4. Binary plist: a shared-reference expansion (each array holds the previous one twice), 30 levels.
func bplistBomb(levels: Int) -> Data {
    // objects: 0 = empty array, k = [k-1, k-1]; one-byte refs; offsets table 1 byte... use 2-byte offsets
    var objects: [[UInt8]] = [[0xA0]]
    for k in 1...levels { objects.append([0xA2, UInt8(k - 1), UInt8(k - 1)]) }
    var data: [UInt8] = Array("bplist00".utf8)
    var offsets: [Int] = []
    for o in objects { offsets.append(data.count); data += o }
    let tableOffset = data.count
    for off in offsets { data += [UInt8(off >> 8), UInt8(off & 0xFF)] }
    var trailer = [UInt8](repeating: 0, count: 6)
    trailer += [2, 1] // offset int size, object ref size
    func be64(_ v: Int) -> [UInt8] { (0..<8).reversed().map { UInt8((v >> ($0 * 8)) & 0xFF) } }
    trailer += be64(objects.count) + be64(objects.count - 1) + be64(tableOffset)
    return Data(data + trailer)
}
for levels in [20, 24] {
    let data = bplistBomb(levels: levels)
    let before = rssKB()
    var outcome = ""
    let t = time {
        do {
            let value = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            // What a caller does next: walk it into its own values.
            func count(_ v: Any) -> Int { if let a = v as? [Any] { return 1 + a.reduce(0) { $0 + count($1) } }; return 1 }
            outcome = "accepted, \(count(value)) values after walking"
        } catch { outcome = "\(error)" }
    }
    print("PropertyListSerialization on a \(data.count)-byte binary plist, \(levels) levels of shared refs: \(outcome), \(String(format: "%.2f", t)) s, peak RSS +\((rssKB() - before) / 1024) MiB")
}
// 6. OpenStep and XML errors.
for text in ["{ a = 1; b = (1, 2,; }", "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>a</key><integer>x</integer></dict></plist>"] {
    do { _ = try PropertyListSerialization.propertyList(from: Data(text.utf8), options: [], format: nil); print("accepted \(text)") }
    catch { print("PropertyListSerialization on \(text.prefix(30))…: \(error)") }
}
// 7. XML entity: billion laughs.
let laughs = "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\"><!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\">]><plist version=\"1.0\"><string>&e;&e;&e;</string></plist>"
do {
    let before = rssKB()
    let v = try PropertyListSerialization.propertyList(from: Data(laughs.utf8), options: [], format: nil)
    print("XML entities: accepted, string of \((v as? String)?.count ?? -1) characters, peak RSS +\((rssKB() - before) / 1024) MiB")
} catch { print("XML entities: \(error)") }
