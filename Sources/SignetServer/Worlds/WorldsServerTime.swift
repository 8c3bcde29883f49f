import Foundation
import Signet

/// The `time` value of a `worlds` answer: `yyyy-MM-dd HH:mm:ss +0000`, in UTC.
enum WorldsServerTime {
    /// `date` as `2016-03-01 12:00:00 +0000`.
    static func format(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = CivilCalendar.date(daysSince1970: days)
        return "\(year)-\(pad(month))-\(pad(day)) \(pad(secondOfDay / 3600)):\(pad(secondOfDay / 60 % 60)):\(pad(secondOfDay % 60)) +0000"
    }

    private static func pad(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
