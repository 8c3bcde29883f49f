#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The HTTP date parser and formatter for the fuzz harnesses in `Fuzz/`, which live in another package and so
/// cannot see `package` declarations. SPI, so it is neither public API nor in `api/Signet.txt`: import it with
/// `@_spi(Fuzzing) import Signet`. Everything Signet's own modules use stays `HTTPDate`, with `package` access.
@_spi(Fuzzing) public enum HTTPDateParsing {
    /// `HTTPDate.parse(_:)`: IMF-fixdate, RFC 850 or asctime; `nil` for anything else.
    @_spi(Fuzzing) public static func parse(_ text: String) -> Date? { HTTPDate.parse(text) }

    /// `HTTPDate.format(_:)`: IMF-fixdate.
    @_spi(Fuzzing) public static func format(_ date: Date) -> String { HTTPDate.format(date) }
}
