import Foundation
import SignetJSON

/// The result of running one test vector: its name and what differed (empty when it passed).
@_spi(Vectors) public struct VectorOutcome: Sendable, Equatable {
    /// The vector's `name`.
    public let name: String
    /// One line per field that differed, e.g. `signature: expected 04…, got 9a…`.
    public let failures: [String]

    /// Creates an outcome.
    public init(name: String, failures: [String]) {
        self.name = name
        self.failures = failures
    }

    /// True when nothing differed.
    public var passed: Bool { failures.isEmpty }
}

/// A vector file that cannot be used: unreadable, not JSON, or a field missing or of the wrong type.
@_spi(Vectors) public struct VectorFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The JSON path of the fault (`vectors[3].expected.signature`), or `$` for the whole document.
    public let path: String
    /// What was wrong.
    public let reason: String

    /// Creates an error at a JSON path.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `at PATH: REASON`.
    public var description: String { "at \(path): \(reason)" }
}

/// Decoding helpers shared by every vector scheme.
@_spi(Vectors) public enum VectorJSON {
    private struct SchemeProbe: Decodable { let scheme: String }

    /// The largest vector file a runner is given to read: 16 MiB (the committed files are well under 2 MiB).
    public static let maxFileBytes = 16 << 20

    /// Throws a ``VectorFileError`` at `path` naming the allowed range when `value` is outside it.
    public static func require<Value: Comparable>(
        _ value: Value, in range: ClosedRange<Value>, at path: String
    ) throws(VectorFileError) {
        guard range.contains(value) else {
            throw VectorFileError(path: path, reason: "must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
        }
    }

    /// The `scheme` field that says which runner reads the file.
    public static func scheme(of data: Data) throws(VectorFileError) -> String {
        try decode(SchemeProbe.self, from: data).scheme
    }

    /// Decodes `T`, turning `DecodingError` into a ``VectorFileError`` with the JSON path of the fault.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws(VectorFileError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let error as DecodingError {
            throw VectorFileError(decoding: error, bytes: data)
        } catch {
            throw VectorFileError(path: "$", reason: "\(error)")
        }
    }

    /// Decodes a base64 field strictly, naming the vector and field on failure.
    public static func base64(_ text: String, at path: String) throws(VectorFileError) -> [UInt8] {
        do { return try Base64.decode(text) } catch { throw VectorFileError(path: path, reason: error.description) }
    }

    /// Decodes a hex field, naming the vector and field on failure.
    public static func hex(_ text: String, at path: String) throws(VectorFileError) -> [UInt8] {
        do { return try Hex.decode(text) } catch { throw VectorFileError(path: path, reason: error.description) }
    }
}

extension VectorFileError {
    /// The decoding error as a path and a plain reason (``SignetJSON``'s one mapping; a document refused as a
    /// whole is read again to say where).
    init(decoding error: DecodingError, bytes: Data) {
        let (path, reason) = JSONDecodingFailure.describe(error, bytes: bytes)
        self.init(path: path.description, reason: reason)
    }
}
