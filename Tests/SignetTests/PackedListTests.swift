import Foundation
import Signet
import Testing

/// `PackedList`: every element comes back as it went in (strings of every length, absent and empty
/// optionals, integers at both ends, nested lists), across chunk boundaries, by index and in order; and it
/// behaves as an array does for equality, hashing, Codable and printing.
@Suite("Packed list")
struct PackedListTests {
    struct Tag: PackableElement, Hashable, Codable {
        var label: String
        func pack(into packer: inout ElementPacker) { packer.write(label) }
        init(label: String) { self.label = label }
        init(unpacking unpacker: inout ElementUnpacker) { label = unpacker.readString() }
    }

    struct Badge: PackableElement, Hashable, Codable {
        var name: String
        var note: String?
        var level: Int
        var active: Bool
        var tags: [Tag]

        init(name: String, note: String?, level: Int, active: Bool, tags: [Tag]) {
            (self.name, self.note, self.level, self.active, self.tags) = (name, note, level, active, tags)
        }

        func pack(into packer: inout ElementPacker) {
            packer.write(name)
            packer.write(note)
            packer.write(level)
            packer.write(active)
            packer.write(tags)
        }

        init(unpacking unpacker: inout ElementUnpacker) {
            name = unpacker.readString()
            note = unpacker.readOptionalString()
            level = unpacker.readInt()
            active = unpacker.readBool()
            tags = unpacker.readArray()
        }
    }

    static let awkward: [Badge] = [
        Badge(name: "", note: nil, level: 0, active: false, tags: []),
        Badge(name: "fifteen bytes..", note: "", level: -1, active: true, tags: [Tag(label: "")]),
        Badge(name: "sixteen bytes...", note: "é😀\u{0}\n", level: Int.max, active: false, tags: [Tag(label: "a"), Tag(label: "b")]),
        Badge(name: String(repeating: "x", count: 70_000), note: nil, level: Int.min, active: true, tags: []),
        Badge(name: "e\u{301}", note: "last", level: 127, active: true, tags: [Tag(label: String(repeating: "y", count: 300))]),
    ]

    @Test("every element comes back as it was, by index and in order")
    func roundTrip() {
        let list = PackedList(Self.awkward)
        #expect(list.count == Self.awkward.count)
        #expect(Array(list) == Self.awkward)
        for index in Self.awkward.indices { #expect(list[index] == Self.awkward[index], "element \(index)") }
        // e + combining acute is == to é as a String; the packed bytes keep what was written.
        #expect(list[4].name.unicodeScalars.count == 2)
    }

    @Test("many elements across many chunks: every boundary reads back")
    func chunks() {
        let badges = (0..<30_000).map { Badge(name: "badge \($0)", note: $0 % 3 == 0 ? nil : "n", level: $0 - 15_000, active: $0 % 2 == 0, tags: []) }
        var list = PackedList<Badge>()
        for badge in badges { list.append(badge) }
        #expect(list.count == 30_000)
        #expect(list.elementsEqual(badges))
        for index in stride(from: 0, to: 30_000, by: 997) + [29_999] { #expect(list[index] == badges[index]) }
        #expect(list.last == badges.last && list.first == badges.first)
        #expect(Array(list.suffix(2)) == Array(badges.suffix(2)))
    }

    @Test("a list packed inside an element is copied as bytes and reads back as an array")
    func nestedPackedList() {
        struct Holder: PackableElement, Equatable {
            var tags: [Tag]
            init(tags: [Tag]) { self.tags = tags }
            func pack(into packer: inout ElementPacker) { packer.write(tags) }
            init(unpacking unpacker: inout ElementUnpacker) { tags = unpacker.readArray() }
        }
        let tags = (0..<5_000).map { Tag(label: "tag \($0)") }
        var packedTags = PackedList<Tag>()
        packedTags.append(contentsOf: tags)
        var holders = PackedList([Holder(tags: tags), Holder(tags: [])])
        holders.append(packing: { $0.write(packedTags) })
        #expect(holders[0] == holders[2] && holders[2].tags == tags && holders[1].tags.isEmpty)
    }

    @Test("equality, hashing, literals, Codable and printing behave as an array's")
    func conformances() throws {
        let list: PackedList<Tag> = [Tag(label: "a"), Tag(label: "b")]
        #expect(list == PackedList([Tag(label: "a"), Tag(label: "b")]))
        #expect(list != PackedList([Tag(label: "a")]) && list != [Tag(label: "b"), Tag(label: "a")])
        #expect(Set([list, PackedList(Array(list))]).count == 1)
        let json = try JSONEncoder().encode(list)
        #expect(String(decoding: json, as: UTF8.self) == #"[{"label":"a"},{"label":"b"}]"#)
        #expect(try JSONDecoder().decode(PackedList<Tag>.self, from: json) == list)
        #expect(list.description == Array(list).description)
        #expect(PackedList<Tag>().isEmpty && PackedList<Tag>().first == nil)
    }
}
