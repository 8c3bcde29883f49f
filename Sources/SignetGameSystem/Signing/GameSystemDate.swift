#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Signet
import Synchronization

/// The GameSystem `Date` header format: `yyyyMMdd HH:mm:ss UTC` (24-hour, zero-padded, always UTC).
///
/// Formatting is plain integer arithmetic (no `DateFormatter`, which costs ~20× the whole signature
/// when made per call) and the last formatted second is cached, as Hummingbird's `DateCache` does,
/// because every request signed within one second carries the same text.
public enum GameSystemDate {
    /// Seconds since 1970 and their text, for the one-entry cache.
    private static let cache = Mutex<(second: Int64, text: String)>((Int64.min, ""))

    /// Formats a date, truncated to the second (the header has no fractions).
    public static func format(_ date: Date) -> String {
        let raw = date.timeIntervalSince1970.rounded(.down)
        let second = raw.isFinite
            ? Int64(min(max(raw, Double(representableSeconds.lowerBound)), Double(representableSeconds.upperBound)))
            : (raw > 0 ? representableSeconds.upperBound : representableSeconds.lowerBound)
        if let hit = cache.withLock({ $0.second == second ? $0.text : nil }) { return hit }
        let text = format(secondsSince1970: second)
        cache.withLock { $0 = (second, text) }
        return text
    }

    /// The first and last second the four-digit year can write: 00000101 00:00:00 to 99991231 23:59:59.
    public static let representableSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// Formats seconds since 1970 (negative for earlier dates), without the cache. Seconds outside
    /// ``representableSeconds`` are clamped to its ends: the header has room for four year digits only.
    public static func format(secondsSince1970 seconds: Int64) -> String {
        let seconds = min(max(seconds, representableSeconds.lowerBound), representableSeconds.upperBound)
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        let (year, month, day) = CivilCalendar.date(daysSince1970: Int(days))
        let hour = Int(secondOfDay / 3600), minute = Int(secondOfDay % 3600 / 60), second = Int(secondOfDay % 60)
        return String(unsafeUninitializedCapacity: 23) { out in
            var index = 0
            func put(_ value: Int, width: Int) {
                var divisor = 1
                for _ in 1..<width { divisor *= 10 }
                var rest = value
                while divisor > 0 {
                    out[index] = UInt8(ascii: "0") + UInt8(rest / divisor)
                    rest %= divisor
                    divisor /= 10
                    index += 1
                }
            }
            func put(_ text: StaticString) {
                for i in 0..<text.utf8CodeUnitCount {
                    out[index] = text.utf8Start[i]
                    index += 1
                }
            }
            put(Int(year), width: 4); put(month, width: 2); put(day, width: 2)
            put(" ")
            put(hour, width: 2); put(":"); put(minute, width: 2); put(":"); put(second, width: 2)
            put(" UTC")
            return index
        }
    }

    /// Parses `yyyyMMdd HH:mm:ss UTC` strictly: exactly that shape, `UTC` only, and a real calendar
    /// date and time (no month 13, no 30 February, no second 60). Returns nil otherwise.
    public static func parse(_ text: String) -> Date? {
        parseSeconds(text).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// Like ``parse(_:)``, as seconds since 1970.
    public static func parseSeconds(_ text: String) -> Int64? {
        // In place (a native string's UTF-8 is contiguous): this runs on every verified request.
        var text = text
        return text.withUTF8(parseSeconds(bytes:))
    }

    /// ``parseSeconds(_:)`` over the UTF-8 bytes.
    private static func parseSeconds(bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard bytes.count == 21,
              bytes[8] == UInt8(ascii: " "), bytes[11] == UInt8(ascii: ":"), bytes[14] == UInt8(ascii: ":"),
              bytes[17] == UInt8(ascii: " "), bytes[18] == UInt8(ascii: "U"), bytes[19] == UInt8(ascii: "T"),
              bytes[20] == UInt8(ascii: "C")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let hour = number(9..<11), let minute = number(12..<14), let second = number(15..<17),
              (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Int64(CivilCalendar.daysSince1970(year: year, month: month, day: day))
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }
}

extension Int64 {
    /// Floor division and the matching non-negative remainder (for dates before 1970).
    fileprivate func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor, remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
