import Foundation
import SignetTransportTestSupport

/// Large worlds answers for the memory tests, in the three formats, each within the default limits
/// (16 MiB, one million values) and ending in one valid world named `Last`.
enum WorldsAnswers {
    /// One world in OpenStep text, its name padded with `padding` characters.
    static func openStepWorld(name: String, padding: Int) -> String {
        "{id=1;name=\"\(name)\(String(repeating: "x", count: padding))\";country=AU;language=en;"
            + "url=\"http://b.lk.com/W.woa\";mapURL=\"http://m.lk.com/W\";worldStatus={id=3;description=online;};}"
    }

    /// One world in XML.
    static func xmlWorld(name: String) -> String {
        "<dict><key>country</key><string>AU</string><key>id</key><integer>1</integer><key>language</key><string>en</string>"
            + "<key>mapURL</key><string>http://maps2.lordsandknights.com/v2/LKWorldServer-AU-1</string>"
            + "<key>name</key><string>\(name)</string>"
            + "<key>url</key><string>http://backend2.lordsandknights.com/XYRALITY/WebObjects/LKWorldServer-AU-1.woa</string>"
            + "<key>worldStatus</key><dict><key>description</key><string>online</string><key>id</key><string>3</string></dict></dict>"
    }

    static let openStepPrefix = "{serverVersion=\"3.2.1\";allAvailableWorlds=("
    static let xmlPrefix = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>allAvailableWorlds</key><array>"

    /// Strings of 16 characters where worlds belong, as many as fit.
    static func openStepFailures(limit: Int) -> (bytes: [UInt8], elements: Int) {
        AnswerMemory.filling(limit, prefix: openStepPrefix, element: String(repeating: "a", count: 16),
                             last: openStepWorld(name: "Last", padding: 0), suffix: ");}")
    }

    /// Valid worlds padded so that about as many as the value limit allows (10 values each) fill the answer.
    static func openStepWorlds(limit: Int) -> (bytes: [UInt8], elements: Int) {
        // Ten values a world, two more for the root and the list: at most 99 989 worlds and the last.
        let padding = limit / 99_989 + 1 - openStepWorld(name: "World", padding: 0).utf8.count - 1
        return AnswerMemory.filling(limit, prefix: openStepPrefix, element: openStepWorld(name: "World", padding: padding),
                                    last: openStepWorld(name: "Last", padding: 0), suffix: ");}")
    }

    /// A root dictionary of up to `count` extra keys (`extras`), as many as fit in `limit`, then the world list.
    static func openStepExtras(limit: Int, keys count: Int) -> (bytes: [UInt8], elements: Int) {
        var text = "{"
        var keys = 0
        while keys < count, text.utf8.count < limit - 400 {
            text += "k\(keys)=a;"
            keys += 1
        }
        return (Array((text + "allAvailableWorlds=(" + openStepWorld(name: "Last", padding: 0) + ");}").utf8), keys)
    }

    /// `<string>a</string>` where worlds belong, as many as fit.
    static func xmlFailures(limit: Int) -> (bytes: [UInt8], elements: Int) {
        AnswerMemory.filling(limit, prefix: xmlPrefix, element: "<string>a</string>", separator: "",
                             last: xmlWorld(name: "Last"), suffix: "</array></dict></plist>\n")
    }

    /// Valid worlds, as many as fit.
    static func xmlWorlds(limit: Int) -> (bytes: [UInt8], elements: Int) {
        AnswerMemory.filling(limit, prefix: xmlPrefix, element: xmlWorld(name: "Australia 1 (recommended)"), separator: "",
                             last: xmlWorld(name: "Last"), suffix: "</array></dict></plist>\n")
    }

    /// A binary plist whose world list holds `references` references to one shared object (a string, or a
    /// valid world when `toWorld`), then one valid world named `Last`: a small file that expands.
    static func binary(references: Int, toWorld: Bool) -> [UInt8] {
        var plist = BinaryPlistAssembler()
        let worldsKey = plist.string("allAvailableWorlds")
        let root = plist.reserve()
        let array = plist.reserve()
        let shared = toWorld ? plist.world(name: "World") : plist.string(String(repeating: "a", count: 16))
        let last = plist.world(name: "Last")
        plist.set(root, [0xD1, UInt8(worldsKey), UInt8(array)])
        plist.set(array, [0xAF, 0x12] + BinaryPlistAssembler.bigEndian(references + 1, bytes: 4)
            + [UInt8](repeating: UInt8(shared), count: references) + [UInt8(last)])
        return plist.bytes(top: root)
    }

    /// `count` valid worlds whose strings are all their own (none shared), and `Last`, written by Foundation as a
    /// binary plist: what the reader's cache of shared strings holds when nothing is shared.
    static func binaryUniqueWorlds(count: Int) throws -> [UInt8] {
        func world(_ tag: String) -> [String: Any] {
            ["id": "id-\(tag)-of-this-world", "name": "World \(tag), a name of its own", "country": "AU-\(tag)",
             "language": "en-\(tag)", "url": "http://b\(tag).lk.com/World.woa", "mapURL": "http://m\(tag).lk.com/World",
             "worldStatus": ["id": "3", "description": "online"]]
        }
        var worlds: [Any] = (0..<count).map { world(String(format: "%07d", $0)) }
        var last = world("last")
        last["name"] = "Last"
        worlds.append(last)
        let data = try PropertyListSerialization.data(fromPropertyList: ["allAvailableWorlds": worlds], format: .binary, options: 0)
        return Array(data)
    }

    /// `{allAvailableWorlds = (Last); pad = (d, d, …)}`: one data object `d` of `bytes` bytes, referenced
    /// `references` times from an extra key. Copied once per reference it would be terabytes.
    static func binarySharedData(bytes: Int, references: Int) -> [UInt8] {
        var plist = BinaryPlistAssembler()
        let worldsKey = plist.string("allAvailableWorlds"), padKey = plist.string("pad")
        let root = plist.reserve(), worlds = plist.reserve(), pad = plist.reserve()
        let shared = plist.data(count: bytes)
        let last = plist.world(name: "Last")
        plist.set(root, [0xD2, UInt8(worldsKey), UInt8(padKey), UInt8(worlds), UInt8(pad)])
        plist.set(worlds, [0xA1, UInt8(last)])
        plist.set(pad, [0xAF, 0x12] + BinaryPlistAssembler.bigEndian(references, bytes: 4)
            + [UInt8](repeating: UInt8(shared), count: references))
        return plist.bytes(top: root)
    }

    /// `references` worlds that are one world whose `url` is a string of `bytes` bytes (not a URL), then `Last`:
    /// each reference fails, and parsing that string again for each would take hours.
    static func binarySharedLongURL(bytes: Int, references: Int) -> [UInt8] {
        var plist = BinaryPlistAssembler()
        let worldsKey = plist.string("allAvailableWorlds")
        let root = plist.reserve(), array = plist.reserve()
        let shared = plist.world(name: "Long", url: plist.asciiString(repeating: UInt8(ascii: "u"), count: bytes))
        let last = plist.world(name: "Last")
        plist.set(root, [0xD1, UInt8(worldsKey), UInt8(array)])
        plist.set(array, [0xAF, 0x12] + BinaryPlistAssembler.bigEndian(references + 1, bytes: 4)
            + [UInt8](repeating: UInt8(shared), count: references) + [UInt8(last)])
        return plist.bytes(top: root)
    }
}

/// Assembles a binary plist of at most 255 objects (one-byte references, four-byte offsets).
struct BinaryPlistAssembler {
    private var objects: [[UInt8]] = []
    private var strings: [String: Int] = [:]

    static func bigEndian(_ value: Int, bytes: Int) -> [UInt8] {
        (0..<bytes).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A placeholder object, filled in by ``set(_:_:)``.
    mutating func reserve() -> Int {
        objects.append([])
        return objects.count - 1
    }

    mutating func set(_ object: Int, _ bytes: [UInt8]) { objects[object] = bytes }

    /// An ASCII string object, stored once.
    mutating func string(_ text: String) -> Int {
        if let known = strings[text] { return known }
        let utf8 = Array(text.utf8)
        let marker: [UInt8] = utf8.count < 15 ? [0x50 | UInt8(utf8.count)] : [0x5F, 0x10, UInt8(utf8.count)]
        objects.append(marker + utf8)
        strings[text] = objects.count - 1
        return objects.count - 1
    }

    /// A data object of `count` zero bytes (a four-byte length).
    mutating func data(count: Int) -> Int {
        objects.append([0x4F, 0x12] + Self.bigEndian(count, bytes: 4) + [UInt8](repeating: 0, count: count))
        return objects.count - 1
    }

    /// An ASCII string object of `count` copies of `byte` (a four-byte length), not shared with ``string(_:)``.
    mutating func asciiString(repeating byte: UInt8, count: Int) -> Int {
        objects.append([0x5F, 0x12] + Self.bigEndian(count, bytes: 4) + [UInt8](repeating: byte, count: count))
        return objects.count - 1
    }

    /// A dictionary object of fewer than 15 entries.
    mutating func dictionary(_ entries: [(String, Int)]) -> Int {
        var keys: [UInt8] = []
        for (key, _) in entries {
            let object = string(key)
            keys.append(UInt8(object))
        }
        objects.append([0xD0 | UInt8(entries.count)] + keys + entries.map { UInt8($0.1) })
        return objects.count - 1
    }

    /// A valid world named `name` (its `url` another object when given).
    mutating func world(name: String, url urlObject: Int? = nil) -> Int {
        let statusID = string("3"), online = string("online")
        let status = dictionary([("id", statusID), ("description", online)])
        let id = string("1"), named = string(name), country = string("AU"), language = string("en")
        let url = urlObject ?? string("http://b.lk.com/W.woa"), mapURL = string("http://m.lk.com/W")
        return dictionary([
            ("id", id), ("name", named), ("country", country), ("language", language), ("url", url), ("mapURL", mapURL),
            ("worldStatus", status),
        ])
    }

    /// The file: header, objects, offset table and trailer.
    func bytes(top: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += Self.bigEndian(bytes.count, bytes: 4)
            bytes += object
        }
        let table = bytes.count
        bytes += offsets
        bytes += [0, 0, 0, 0, 0, 0, 4, 1]
        bytes += Self.bigEndian(objects.count, bytes: 8) + Self.bigEndian(top, bytes: 8) + Self.bigEndian(table, bytes: 8)
        return bytes
    }
}
