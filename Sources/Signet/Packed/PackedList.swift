/// A list that keeps its elements packed as bytes, not as one value each: the storage for long lists
/// decoded from a server's answer (a player's achievements, a login server's worlds).
///
/// An array of structs costs a full stride per element and a heap block for every string longer than 15
/// bytes (64 bytes for a 16-byte string), so an answer of many small elements took several times its own
/// size. Here an element costs its packed bytes (each string's UTF-8 and a length, each integer a few
/// bytes) and one offset; the bytes live in chunks of about 64 KiB, so appending never copies more than one
/// chunk. Elements are rebuilt when they are read, so keep one in a local when you read it many times:
///
/// ```swift
/// let player = try await gamesystem.player()
/// for achievement in player.achievements { print(achievement.name) }   // one element at a time
/// let recent = Array(player.achievements.suffix(10))                    // an array of ten
/// ```
public struct PackedList<Element: PackableElement>: RandomAccessCollection, Sendable {
    /// The elements' bytes, in chunks, in order.
    private var chunks: [PackedChunk] = []
    /// How many elements the list holds.
    public private(set) var count = 0

    /// Once a chunk holds this many bytes, the next element starts a new one.
    static var chunkBytes: Int { 64 << 10 }

    /// An empty list.
    public init() {}

    /// A list of `elements`, in order (a list given as a ``PackedList`` is shared, not packed again).
    public init(_ elements: some Sequence<Element>) {
        if let packed = elements as? PackedList<Element> {
            self = packed
            return
        }
        for element in elements { append(element) }
    }

    /// Adds `element` at the end.
    public mutating func append(_ element: Element) {
        append { element.pack(into: &$0) }
    }

    /// Adds `elements` at the end, in order.
    public mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements { append(element) }
    }

    /// Adds one element written by `write`, which must write what `Element.init(unpacking:)` reads: for
    /// decoders that pack an element without building it first.
    package mutating func append(packing write: (inout ElementPacker) -> Void) {
        if chunks.last.map({ $0.bytes.count >= Self.chunkBytes }) ?? true {
            chunks.append(PackedChunk(first: count))
        }
        let last = chunks.count - 1
        // The chunk's bytes are moved into the packer and back, never copied.
        var packer = ElementPacker()
        swap(&packer.bytes, &chunks[last].bytes)
        write(&packer)
        swap(&packer.bytes, &chunks[last].bytes)
        chunks[last].ends.append(chunks[last].bytes.count)
        count += 1
    }

    /// Calls `visit` with the packed bytes of each element, in order (for packing a list inside an element).
    func forEachPackedElement(_ visit: (ArraySlice<UInt8>) -> Void) {
        for chunk in chunks {
            var start = 0
            for end in chunk.ends {
                visit(chunk.bytes[start..<end])
                start = end
            }
        }
    }

    // MARK: - Collection

    /// 0.
    public var startIndex: Int { 0 }
    /// ``count``.
    public var endIndex: Int { count }

    /// The element at `position`, rebuilt from its bytes. `position` must be a valid index.
    public subscript(position: Int) -> Element {
        var low = 0, high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunks[middle].first <= position { low = middle } else { high = middle - 1 }
        }
        return chunks[low].element(position - chunks[low].first)
    }

    /// Reads the elements in order, a chunk at a time.
    public func makeIterator() -> Iterator {
        Iterator(chunks: chunks)
    }

    /// Reads a list's elements in order.
    public struct Iterator: IteratorProtocol {
        private let chunks: [PackedChunk]
        private var chunk = 0
        private var local = 0

        init(chunks: [PackedChunk]) { self.chunks = chunks }

        /// The next element, or nil after the last.
        public mutating func next() -> Element? {
            while chunk < chunks.count {
                if local < chunks[chunk].ends.count {
                    defer { local += 1 }
                    return chunks[chunk].element(local)
                }
                chunk += 1
                local = 0
            }
            return nil
        }
    }
}

/// Some of a ``PackedList``'s elements, back to back.
struct PackedChunk: Sendable {
    /// The position in the list of the chunk's first element.
    let first: Int
    /// The elements' packed bytes.
    var bytes: [UInt8] = []
    /// Where each element's bytes end.
    var ends: [Int] = []

    init(first: Int) { self.first = first }

    /// Element `local` of this chunk, rebuilt.
    func element<Element: PackableElement>(_ local: Int) -> Element {
        let start = local == 0 ? 0 : ends[local - 1]
        var unpacker = ElementUnpacker(bytes[start..<ends[local]])
        return Element(unpacking: &unpacker)
    }
}
