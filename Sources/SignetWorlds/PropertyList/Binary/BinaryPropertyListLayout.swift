/// The frame of a binary property list: its trailer, its offset table, and bounds-checked reading of the
/// numbers stored in them.
///
/// Numbers from the input are unsigned and up to 64 bits wide. Each is compared, as the `UInt64` it is,
/// with the bound it must keep (a reference with the object count, an offset with the object area) before
/// it becomes an `Int`, and sums and products of them are computed with overflow reported, so a hostile
/// trailer or reference (2⁶⁴ − 256, 2⁶³, …) is a `PropertyListError.malformed` naming its byte offset.
struct BinaryPropertyListLayout {
    /// The whole input.
    let bytes: [UInt8]
    /// Bytes per offset-table entry (1–8).
    let offsetSize: Int
    /// Bytes per object reference (1–8).
    let referenceSize: Int
    /// Objects in the offset table (at least 1, and fewer than the input's bytes).
    let objectCount: Int
    /// The reference of the root object, checked to be below ``objectCount``.
    let topObject: UInt64
    /// Where the offset table starts; objects lie between the header and here.
    let offsetTableStart: Int
    /// The byte offset of the trailer field that holds ``topObject``.
    let topObjectField: Int

    private static let magic = Array("bplist00".utf8)
    private static let trailerSize = 32

    /// Reads and checks the header and trailer of `bytes`.
    init(_ bytes: [UInt8]) throws(PropertyListError) {
        guard bytes.starts(with: Self.magic) else { throw Self.malformed("missing the `bplist00` header", at: 0) }
        guard bytes.count >= Self.magic.count + 2 + Self.trailerSize else {
            throw Self.malformed("\(bytes.count) bytes is too short for a binary property list", at: nil)
        }
        let trailer = bytes.count - Self.trailerSize
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw Self.malformed(
                "trailer gives offset size \(offsetSize) and reference size \(referenceSize) (each must be 1–8)", at: trailer + 6)
        }
        let objectCount = Self.unsigned(bytes, at: trailer + 8, size: 8)
        let topObject = Self.unsigned(bytes, at: trailer + 16, size: 8)
        let tableStart = Self.unsigned(bytes, at: trailer + 24, size: 8)
        guard objectCount >= 1, objectCount <= UInt64(trailer) else {
            throw Self.malformed("trailer gives \(objectCount) objects (must be 1–\(trailer))", at: trailer + 8)
        }
        guard topObject < objectCount else {
            throw Self.malformed("top object \(topObject) is beyond the \(objectCount) objects", at: trailer + 16)
        }
        let (tableSize, sizeOverflow) = objectCount.multipliedReportingOverflow(by: UInt64(offsetSize))
        let (tableEnd, endOverflow) = tableStart.addingReportingOverflow(tableSize)
        guard tableStart >= UInt64(Self.magic.count), !sizeOverflow, !endOverflow, tableEnd <= UInt64(trailer) else {
            throw Self.malformed(
                "offset table of \(objectCount) \(offsetSize)-byte entries at \(tableStart) does not fit between "
                    + "the header and the trailer at \(trailer)", at: trailer + 24)
        }
        self.bytes = bytes
        self.offsetSize = offsetSize
        self.referenceSize = referenceSize
        self.objectCount = Int(objectCount)  // ≤ trailer, so it fits
        self.topObject = topObject
        self.offsetTableStart = Int(tableStart)  // ≤ trailer, so it fits
        self.topObjectField = trailer + 16
    }

    /// The object reference stored at `field`, as the unsigned number it is; the caller has checked with
    /// ``length(_:markerAt:unitSize:)`` that the field lies in the object area.
    func reference(at field: Int) -> UInt64 {
        Self.unsigned(bytes, at: field, size: referenceSize)
    }

    /// Where object `reference` starts, checked against the object count and the object area;
    /// `field` is where the reference was read, named by the error.
    func objectOffset(_ reference: UInt64, referencedAt field: Int) throws(PropertyListError) -> Int {
        guard reference < UInt64(objectCount) else {
            throw Self.malformed("object reference \(reference) is beyond the \(objectCount) objects", at: field)
        }
        // reference < objectCount, and the table's end was checked to fit: no overflow here.
        let entry = offsetTableStart + Int(reference) * offsetSize
        let offset = Self.unsigned(bytes, at: entry, size: offsetSize)
        guard offset >= UInt64(Self.magic.count), offset < UInt64(offsetTableStart) else {
            throw Self.malformed("object \(reference) has offset \(offset), outside the object area", at: entry)
        }
        return Int(offset)
    }

    /// The `size`-byte (1–8) big-endian number at `start`, which must end inside the object area.
    func payload(at start: Int, size: Int) throws(PropertyListError) -> UInt64 {
        guard start <= offsetTableStart - size else {
            throw Self.malformed("a \(size)-byte value at \(start) runs past the object area", at: start)
        }
        return Self.unsigned(bytes, at: start, size: size)
    }

    /// The element count of a data, string, array or dictionary object whose marker is at `offset`,
    /// and where its payload starts, checked so that `count × unitSize` bytes fit before the offset table.
    func length(_ info: Int, markerAt offset: Int, unitSize: Int) throws(PropertyListError) -> (count: Int, start: Int) {
        var count = UInt64(info)
        var start = offset + 1
        if info == 0x0F {
            guard start < offsetTableStart, bytes[start] >> 4 == 0x1, bytes[start] & 0x0F <= 3 else {
                throw Self.malformed("length of the object is not an integer of 1–8 bytes", at: offset)
            }
            let size = 1 << Int(bytes[start] & 0x0F)
            count = try payload(at: start + 1, size: size)
            start += 1 + size
        }
        let (byteCount, overflow) = count.multipliedReportingOverflow(by: UInt64(unitSize))
        guard !overflow, byteCount <= UInt64(offsetTableStart - start) else {
            throw Self.malformed("object of \(count) elements runs past the object area", at: offset)
        }
        return (Int(count), start)  // count × unitSize fits in the input, so count fits in Int
    }

    /// A fault in the binary structure at byte `offset` (nil when it has none).
    static func malformed(_ detail: String, at offset: Int?) -> PropertyListError {
        .malformed(format: .binary, detail: detail, offset: offset)
    }

    /// Big-endian unsigned integer of `size` (1–8) bytes; the caller has checked the range.
    private static func unsigned(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for byte in bytes[start..<start + size] { value = value << 8 | UInt64(byte) }
        return value
    }
}
