#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Signet

/// Decodes the body of a `worlds` answer, in any property-list format, into a `WorldsResponse`.
///
/// The top level must be a dictionary. An `error` key makes it a server error (`WorldsError.server`).
/// Otherwise `allAvailableWorlds` must be an array of world dictionaries; a world with a missing or
/// mistyped field becomes a `WorldDecodingFailure` naming its key path while the other worlds decode
/// (or, with `.rejectResponse`, fails the whole response). `serverVersion`, `time` and `info` are read
/// as text; every other top-level key is kept in `extras`.
public struct WorldsDecoder: Sendable {
    /// What to do when one world of the list cannot be decoded.
    public enum FailurePolicy: Sendable, Hashable {
        /// Leave the world out and report it in `WorldsResponse.failures` (the default).
        case reportAndSkip
        /// Throw `WorldsError.invalidWorld` for the first bad world.
        case rejectResponse
    }

    /// The most failed worlds a response lists in ``WorldsResponse/failures``; the rest are only counted
    /// (``WorldsResponse/failureCount``). An answer of a million malformed worlds would otherwise keep a
    /// million failures, several times the answer's size, and no reader needs more than the first.
    public static let maximumReportedFailures = 100

    /// The key of the world list.
    public static let worldsKey = "allAvailableWorlds"
    /// The key the server uses for an error message.
    public static let errorKey = "error"
    private static let metadataKeys: Set<String> = [worldsKey, "serverVersion", "time", "info"]

    /// Bounds for the property-list reader.
    public var limits: PropertyListLimits
    /// What to do with a world that cannot be decoded.
    public var failurePolicy: FailurePolicy

    /// A decoder with the given limits and failure policy.
    public init(limits: PropertyListLimits = .default, failurePolicy: FailurePolicy = .reportAndSkip) {
        self.limits = limits
        self.failurePolicy = failurePolicy
    }

    /// Decodes `bytes` with the default settings; the format is detected from the bytes, and
    /// `contentType` (the response's `Content-Type`) is only reported when the bytes do not parse.
    public static func decode(_ bytes: [UInt8], contentType: String?) throws(WorldsError) -> WorldsResponse {
        try WorldsDecoder().decode(bytes, contentType: contentType)
    }

    /// Decodes `data` with the default settings; see `decode(_:contentType:)` for bytes.
    public static func decode(_ data: Data, contentType: String?) throws(WorldsError) -> WorldsResponse {
        try WorldsDecoder().decode(Array(data), contentType: contentType)
    }

    /// Decodes `bytes`, detecting the format (`bplist00` → binary, `<?xml` / `<plist` → XML, else OpenStep).
    ///
    /// The worlds are decoded while the list is read, one world dictionary at a time, so the property-list
    /// tree of the whole answer never exists at once: memory stays near the input plus the `World`s.
    public func decode(_ bytes: [UInt8], contentType: String?) throws(WorldsError) -> WorldsResponse {
        let collector = WorldCollector(failurePolicy: failurePolicy)
        let stream = PropertyListElementStream(key: Self.worldsKey) { collector.add($1, index: $0) }
        let value: PropertyListValue
        do {
            value = try PropertyListReader(limits: limits).read(bytes, streaming: stream)
        } catch {
            throw .malformedPropertyList(error, contentType: contentType)
        }
        return try decode(value, collected: stream.didStream ? collector : nil)
    }

    /// Decodes `data`; see `decode(_:contentType:)` for bytes.
    public func decode(_ data: Data, contentType: String?) throws(WorldsError) -> WorldsResponse {
        try decode(Array(data), contentType: contentType)
    }

    /// Decodes an already-read property list.
    public func decode(_ value: PropertyListValue) throws(WorldsError) -> WorldsResponse {
        try decode(value, collected: nil)
    }

    /// Decodes `value`; when the reader streamed the world list into `collected`, the worlds come from
    /// there (and the list in `value` is empty). Top-level faults are reported before world faults, as
    /// when the whole tree is decoded at once.
    private func decode(_ value: PropertyListValue, collected: WorldCollector?) throws(WorldsError) -> WorldsResponse {
        let top = try Self.topLevel { () throws(FieldFailure) in try WorldFields(value, keyPath: PropertyListPath.root) }
        if let error = top.dictionary[Self.errorKey] {
            throw .server(message: Self.message(of: error))
        }
        var response = try Self.topLevel { () throws(FieldFailure) in
            WorldsResponse(
                worlds: [], serverVersion: try top.optionalText("serverVersion"), time: try top.optionalText("time"),
                info: try top.optionalText("info"))
        }
        let entries = try Self.topLevel { () throws(FieldFailure) in try top.array(Self.worldsKey) }
        for (key, extra) in top.dictionary where !Self.metadataKeys.contains(key) {
            response.extras[key] = extra
        }
        let worlds = collected ?? WorldCollector(failurePolicy: failurePolicy)
        if collected == nil {
            for (index, entry) in entries.enumerated() { worlds.add(entry, index: index) }
        }
        if failurePolicy == .rejectResponse, let failure = worlds.failures.first { throw .invalidWorld(failure) }
        response.worlds = worlds.worlds
        response.failures = worlds.failures
        response.failureCount = worlds.failureCount
        return response
    }

    /// Runs `read` on the top level, where a bad field fails the whole response.
    private static func topLevel<T>(_ read: () throws(FieldFailure) -> T) throws(WorldsError) -> T {
        do {
            return try read()
        } catch {
            throw .invalidResponse(keyPath: error.keyPath, problem: error.problem)
        }
    }

    static func decodeWorld(_ value: PropertyListValue, keyPath: String) throws(FieldFailure) -> World {
        let fields = try WorldFields(value, keyPath: keyPath)
        let status = try fields.nested("worldStatus")
        return World(
            id: try fields.identifier("id"), name: try fields.string("name"), country: try fields.string("country"),
            language: try fields.string("language"), url: try fields.url("url"), mapURL: try fields.url("mapURL"),
            status: WorldStatus(id: try status.identifier("id"), description: try status.string("description")))
    }

    /// The server's error text: a string as sent, anything else described by its kind.
    private static func message(of value: PropertyListValue) -> String {
        switch value {
        case .string(let string): string
        case .number(.integer(let integer)): String(integer)
        case let other: "(an error of kind \(other.kindName))"
        }
    }
}

/// Decodes the entries of `allAvailableWorlds` as they arrive, packing the worlds and keeping the first
/// failures (all are counted).
final class WorldCollector {
    private let failurePolicy: WorldsDecoder.FailurePolicy
    private(set) var worlds = PackedList<World>()
    private(set) var failures: [WorldDecodingFailure] = []
    private(set) var failureCount = 0

    init(failurePolicy: WorldsDecoder.FailurePolicy) {
        self.failurePolicy = failurePolicy
    }

    /// Decodes entry `index`; with `.rejectResponse`, entries after the first failure are not decoded.
    func add(_ entry: PropertyListValue, index: Int) {
        if failurePolicy == .rejectResponse, failureCount > 0 { return }
        do {
            worlds.append(try WorldsDecoder.decodeWorld(entry, keyPath: PropertyListPath.appending(index: index, to: PropertyListPath.appending(WorldsDecoder.worldsKey, to: PropertyListPath.root))))
        } catch {
            failureCount += 1
            if failures.count < WorldsDecoder.maximumReportedFailures {
                failures.append(WorldDecodingFailure(index: index, keyPath: error.keyPath, problem: error.problem))
            }
        }
    }
}
