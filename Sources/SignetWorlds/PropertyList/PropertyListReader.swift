#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads property lists in any of the three formats into `PropertyListValue`, detecting the format from
/// the bytes (see `PropertyListFormat.detect`).
///
/// ```swift
/// let reader = PropertyListReader()
/// let value = try reader.read(Array("{ answer = 42; }".utf8))
/// // value == ["answer": "42"]: OpenStep text has no numbers, only strings.
/// ```
public struct PropertyListReader: Sendable {
    /// The bounds applied to every read.
    public var limits: PropertyListLimits

    /// A reader with the given limits.
    public init(limits: PropertyListLimits = .default) {
        self.limits = limits
    }

    /// The value in `bytes`, whose format is detected.
    public func read(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        try read(bytes, as: PropertyListFormat.detect(bytes))
    }

    /// The value in `data`, whose format is detected.
    public func read(_ data: Data) throws(PropertyListError) -> PropertyListValue {
        try read(Array(data))
    }

    /// The value in `bytes`, read as `format` (no detection).
    public func read(_ bytes: [UInt8], as format: PropertyListFormat) throws(PropertyListError) -> PropertyListValue {
        try read(bytes, as: format, streaming: nil)
    }

    /// The value in `bytes` (format detected), with the root dictionary's array under `stream.key`
    /// handed to `stream` element by element and left empty in the result.
    func read(_ bytes: [UInt8], streaming stream: PropertyListElementStream?) throws(PropertyListError) -> PropertyListValue {
        try read(bytes, as: PropertyListFormat.detect(bytes), streaming: stream)
    }

    private func read(
        _ bytes: [UInt8], as format: PropertyListFormat, streaming stream: PropertyListElementStream?
    ) throws(PropertyListError) -> PropertyListValue {
        switch format {
        case .openStep: try OpenStepParser.parse(bytes, limits: limits, streaming: stream)
        case .xml: try XMLPropertyListReader.read(bytes, limits: limits, streaming: stream)
        case .binary: try BinaryPropertyListReader.read(bytes, limits: limits, streaming: stream)
        }
    }
}
