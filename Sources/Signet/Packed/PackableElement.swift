/// A value that a ``PackedList`` keeps as bytes: it writes its fields with an ``ElementPacker`` and is
/// rebuilt from them with an ``ElementUnpacker``, reading exactly what it wrote, in the same order.
///
/// ```swift
/// struct Badge: PackableElement {
///     var name: String
///     var level: Int
///     func pack(into packer: inout ElementPacker) {
///         packer.write(name)
///         packer.write(level)
///     }
///     init(unpacking unpacker: inout ElementUnpacker) {
///         name = unpacker.readString()
///         level = unpacker.readInt()
///     }
/// }
/// ```
public protocol PackableElement: Sendable {
    /// Writes the value's fields.
    func pack(into packer: inout ElementPacker)
    /// Rebuilds a value from what ``pack(into:)`` wrote.
    init(unpacking unpacker: inout ElementUnpacker)
}

/// Writes the fields of one ``PackableElement``: integers as variable-length numbers (small ones take a
/// byte), strings as their length and UTF-8, optionals with a marker, lists as their count and elements
/// (an element in a list must write at least one byte).
public struct ElementPacker {
    var bytes: [UInt8] = []

    init() {}

    /// Writes an integer.
    public mutating func write(_ value: Int) {
        // Zig-zag, so that small negative numbers are short too.
        writeUnsigned(UInt64(bitPattern: Int64(value) << 1 ^ Int64(value) >> 63))
    }

    /// Writes a boolean.
    public mutating func write(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// Writes a string.
    public mutating func write(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            writeUnsigned(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// Writes a string or its absence.
    public mutating func write(_ value: String?) {
        guard let value else { return bytes.append(0) }
        bytes.append(1)
        write(value)
    }

    /// Writes a list of elements (a ``PackedList``'s bytes are copied as they are).
    public mutating func write<Nested: PackableElement>(_ elements: some Collection<Nested>) {
        writeUnsigned(UInt64(elements.count))
        if let packed = elements as? PackedList<Nested> {
            packed.forEachPackedElement { bytes.append(contentsOf: $0) }
        } else {
            for element in elements { element.pack(into: &self) }
        }
    }

    private mutating func writeUnsigned(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

/// Reads back the fields an ``ElementPacker`` wrote, in the same order. Reading past what was written
/// (only a ``PackableElement`` whose reads do not match its writes can) gives 0, false, "" or nil.
public struct ElementUnpacker {
    private let bytes: ArraySlice<UInt8>
    private var position: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    /// Reads an integer.
    public mutating func readInt() -> Int {
        let zigZag = readUnsigned()
        return Int(truncatingIfNeeded: Int64(bitPattern: zigZag >> 1) ^ -Int64(bitPattern: zigZag & 1))
    }

    /// Reads a boolean.
    public mutating func readBool() -> Bool {
        readByte() == 1
    }

    /// Reads a string.
    public mutating func readString() -> String {
        let length = Int(clamping: readUnsigned())
        let end = position + min(length, bytes.endIndex - position)
        defer { position = end }
        return String(decoding: bytes[position..<end], as: UTF8.self)
    }

    /// Reads a string or its absence.
    public mutating func readOptionalString() -> String? {
        readByte() == 1 ? readString() : nil
    }

    /// Reads a list of elements.
    public mutating func readArray<Nested: PackableElement>(of type: Nested.Type = Nested.self) -> [Nested] {
        let count = Int(clamping: readUnsigned())
        var elements: [Nested] = []
        // Each element takes at least a byte: a count beyond the bytes left is not reserved.
        elements.reserveCapacity(min(count, bytes.endIndex - position))
        for _ in 0..<count {
            guard position < bytes.endIndex else { break }
            elements.append(Nested(unpacking: &self))
        }
        return elements
    }

    private mutating func readByte() -> UInt8 {
        guard position < bytes.endIndex else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func readUnsigned() -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.endIndex, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return value
    }
}
