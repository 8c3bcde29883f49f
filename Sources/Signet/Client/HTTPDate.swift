#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// HTTP dates (RFC 9110 §5.6.7): parses IMF-fixdate and the two obsolete forms, formats IMF-fixdate.
///
/// Hand-written rather than a `DateFormatter`: no locale or time-zone state, and cheap per call.
package enum HTTPDate {
    private static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let dayNames = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

    /// Parses `Sun, 06 Nov 1994 08:49:37 GMT`, `Sunday, 06-Nov-94 08:49:37 GMT` or `Sun Nov  6 08:49:37 1994`;
    /// `nil` for anything else (strings longer than 64 characters included).
    package static func parse(_ text: String) -> Date? {
        guard text.utf8.count <= 64 else { return nil }
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        if tokens.count == 6, tokens[5] == "GMT" {
            // IMF-fixdate: day-name "," DD Mon YYYY HH:MM:SS GMT
            guard tokens[0].count == 3, tokens[1].count == 2, tokens[3].count == 4,
                  let day = Int(tokens[1]), let month = month(tokens[2]), let year = Int(tokens[3])
            else { return nil }
            return make(year: year, month: month, day: day, time: tokens[4])
        }
        if tokens.count == 4, tokens[3] == "GMT" {
            // RFC 850: day-name "," DD-Mon-YY HH:MM:SS GMT
            let parts = tokens[1].split(separator: "-").map(String.init)
            guard parts.count == 3, parts[0].count == 2, parts[2].count == 2,
                  let day = Int(parts[0]), let month = month(parts[1]), let shortYear = Int(parts[2])
            else { return nil }
            let year = shortYear < 70 ? 2000 + shortYear : 1900 + shortYear
            return make(year: year, month: month, day: day, time: tokens[2])
        }
        if tokens.count == 5 {
            // asctime: day-name Mon D HH:MM:SS YYYY
            guard tokens[0].count == 3, let month = month(tokens[1]), let day = Int(tokens[2]),
                  tokens[4].count == 4, let year = Int(tokens[4])
            else { return nil }
            return make(year: year, month: month, day: day, time: tokens[3])
        }
        return nil
    }

    /// Formats `date` as IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    package static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        let weekday = dayNames[((days % 7) + 7) % 7]
        return "\(weekday), \(pad(day)) \(monthNames[month - 1]) \(padYear(year)) "
            + "\(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60)) GMT"
    }

    private static func month(_ name: String) -> Int? {
        monthNames.firstIndex(of: name).map { $0 + 1 }
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }

    /// IMF-fixdate's year has four digits: year 997 is `0997` (a shorter year would not parse back).
    private static func padYear(_ year: Int) -> String {
        guard (0..<1000).contains(year) else { return "\(year)" }
        let digits = "\(year)"
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    private static func make(year: Int, month: Int, day: Int, time: String) -> Date? {
        let parts = time.split(separator: ":")
        guard parts.count == 3, parts.allSatisfy({ $0.count == 2 }),
              let hour = Int(parts[0]), let minute = Int(parts[1]), let second = Int(parts[2]),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
              (1...31).contains(day), (1...9999).contains(year), day <= CivilCalendar.daysIn(month: month, year: year)
        else { return nil }
        let days = CivilCalendar.daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
}
