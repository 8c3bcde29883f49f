#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Signet

/// The protocol's absolute times: ISO-8601 in UTC with milliseconds, e.g. `2027-01-15T08:00:10.000Z`.
///
/// Written out by hand (civil-date arithmetic from `CivilCalendar`) so that formatting
/// is exact to the millisecond, needs no formatter object and cannot depend on the locale.
public enum TriviaTimestamp {
    /// The earliest time the format can hold: 0001-01-01T00:00:00.000Z, in milliseconds since 1970.
    static let minimumMilliseconds = -62_135_596_800_000
    /// The latest time the format can hold: 9999-12-31T23:59:59.999Z, in milliseconds since 1970.
    static let maximumMilliseconds = 253_402_300_799_999

    /// `date` as `yyyy-MM-ddTHH:mm:ss.SSSZ`, rounded to the nearest millisecond (clamped to years 1…9999).
    public static func string(from date: Date) -> String {
        let milliseconds = clampedMilliseconds(date)
        let days = floorDivide(milliseconds, 86_400_000)
        let inDay = milliseconds - days * 86_400_000
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        let hour = inDay / 3_600_000, minute = inDay / 60_000 % 60
        let second = inDay / 1_000 % 60, milli = inDay % 1_000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2)).\(pad(milli, 3))Z"
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss[.fraction]Z` (UTC only, fraction of 1 to 9 digits, kept to the millisecond).
    /// Returns nil for anything else, including impossible dates such as February 30.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        let separators: [(Int, UInt8)] = [(4, 0x2D), (7, 0x2D), (10, 0x54), (13, 0x3A), (16, 0x3A)]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }) else { return nil }
        guard let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2),
              let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2), let second = number(bytes, 17, 2)
        else { return nil }
        guard year >= 1, (1...12).contains(month), day >= 1, day <= CivilCalendar.daysIn(month: month, year: year),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var milli = 0
        if bytes.count > 20 {
            let fraction = bytes[19..<(bytes.count - 1)]
            guard fraction.first == UInt8(ascii: "."), (2...10).contains(fraction.count),
                  let digits = number(bytes, 20, min(3, fraction.count - 1)),
                  number(bytes, 20, fraction.count - 1) != nil
            else { return nil }
            milli = digits * [100, 10, 1][min(3, fraction.count - 1) - 1]
        }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        let total = days * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1_000 + milli
        return Date(timeIntervalSince1970: Double(total) / 1_000)
    }

    /// `date` in whole milliseconds since 1970 (nearest), clamped to the range the format can hold.
    package static func clampedMilliseconds(_ date: Date) -> Int {
        let raw = (date.timeIntervalSince1970 * 1_000).rounded()
        guard raw.isFinite else { return raw > 0 ? maximumMilliseconds : minimumMilliseconds }
        let clamped = min(max(raw, Double(minimumMilliseconds)), Double(maximumMilliseconds))
        return Int(clamped)
    }

    private static func number(_ bytes: [UInt8], _ start: Int, _ length: Int) -> Int? {
        guard start + length <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + length)] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func floorDivide(_ a: Int, _ b: Int) -> Int {
        let quotient = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
    }
}
