import Foundation
import SignetGameSystem
import SignetTestSupport
import Testing

/// `yyyyMMdd HH:mm:ss UTC`: formatting against known values and Foundation's DateFormatter, strict parsing.
@Suite("GameSystemDate")
struct GameSystemDateTests {
    /// Seconds since 1970 and their text (values from Python's datetime).
    static let known: [(Int64, String)] = [
        (0, "19700101 00:00:00 UTC"),
        (-1, "19691231 23:59:59 UTC"),
        (946_684_799, "19991231 23:59:59 UTC"),
        (951_782_400, "20000229 00:00:00 UTC"),
        (1_709_210_096, "20240229 12:34:56 UTC"),
        (-2_208_988_800, "19000101 00:00:00 UTC"),
        (-2_203_891_200, "19000301 00:00:00 UTC"),
        (253_402_300_799, "99991231 23:59:59 UTC"),
        (-62_135_596_800, "00010101 00:00:00 UTC"),
        (1_517_738_400, "20180204 10:00:00 UTC"),
    ]

    /// An independent formatter: Foundation's, fixed to POSIX locale, Gregorian, UTC.
    static func foundationFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd HH:mm:ss 'UTC'"
        return formatter
    }

    @Test("Known seconds format and parse both ways, before 1970, leap days and year 9999 included")
    func knownValues() {
        for (seconds, text) in Self.known {
            #expect(GameSystemDate.format(secondsSince1970: seconds) == text)
            #expect(GameSystemDate.format(Date(timeIntervalSince1970: TimeInterval(seconds))) == text)
            #expect(GameSystemDate.parseSeconds(text) == seconds, "\(text)")
            #expect(GameSystemDate.parse(text) == Date(timeIntervalSince1970: TimeInterval(seconds)), "\(text)")
        }
    }

    @Test("Fractions of a second are truncated toward the earlier second")
    func fractions() {
        #expect(GameSystemDate.format(Date(timeIntervalSince1970: 1_517_738_400.999)) == "20180204 10:00:00 UTC")
        #expect(GameSystemDate.format(Date(timeIntervalSince1970: -0.5)) == "19691231 23:59:59 UTC")
        #expect(GameSystemDate.format(Date(timeIntervalSince1970: 0.25)) == "19700101 00:00:00 UTC")
    }

    @Test("Format then parse is the identity over many seconds, negative ones included")
    func roundTrip() {
        var generator = SeededGenerator(seed: 0xDA7E)
        let earliest: Int64 = -62_135_596_800 // 0001-01-01
        let latest: Int64 = 253_402_300_799   // 9999-12-31 23:59:59
        var seconds: [Int64] = [earliest, earliest + 1, latest, latest - 1, -86_400, -86_401, 86_399, 86_400]
        for _ in 0..<20_000 { seconds.append(Int64.random(in: earliest...latest, using: &generator)) }
        for _ in 0..<2_000 { seconds.append(Int64.random(in: -400 * 86_400...400 * 86_400, using: &generator)) }
        for second in seconds {
            let text = GameSystemDate.format(secondsSince1970: second)
            #expect(text.utf8.count == 21, "\(second)")
            #expect(GameSystemDate.parseSeconds(text) == second, "\(second) → \(text)")
        }
    }

    @Test("Formatting agrees with Foundation's DateFormatter on thousands of random dates")
    func matchesDateFormatter() {
        let formatter = Self.foundationFormatter()
        var generator = SeededGenerator(seed: 0xF0F0)
        // From 1600: Foundation's Gregorian calendar is Julian before October 1582, the header format is not.
        let earliest: Int64 = -11_676_096_000 // 1600-01-01
        let latest: Int64 = 253_402_300_799
        for _ in 0..<5_000 {
            let second = Int64.random(in: earliest...latest, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(second))
            #expect(GameSystemDate.format(secondsSince1970: second) == formatter.string(from: date), "\(second)")
        }
        for (_, text) in Self.known where !text.hasPrefix("0001") {
            #expect(GameSystemDate.parse(text) == formatter.date(from: text), "\(text)")
        }
    }

    @Test("Every day of leap and common years parses exactly when it exists", arguments: [1900, 2000, 2023, 2024, 2100, 2400])
    func calendarDays(year: Int) {
        let formatter = Self.foundationFormatter()
        for month in 1...12 {
            for day in 1...31 {
                let text = String(format: "%04d%02d%02d 12:00:00 UTC", year, month, day)
                let exists = Calendar(identifier: .gregorian).date(from: DateComponents(
                    timeZone: TimeZone(identifier: "UTC"), year: year, month: month, day: day, hour: 12))
                    .map { formatter.string(from: $0) == text } ?? false
                #expect((GameSystemDate.parse(text) != nil) == exists, "\(text)")
            }
        }
    }

    @Test("Parsing rejects anything but the exact shape and a real time", arguments: [
        "", "20180204 10:00:00", "20180204 10:00:00 UTC ", " 20180204 10:00:00 UTC", "2018024 10:00:00 UTC",
        "20180204 10:00:00 utc", "20180204 10:00:00 GMT", "20180204T10:00:00 UTC", "2018-02-04 10:00:00 UTC",
        "20181304 10:00:00 UTC", "20180004 10:00:00 UTC", "20180200 10:00:00 UTC", "20230229 10:00:00 UTC",
        "20240230 10:00:00 UTC", "21000229 10:00:00 UTC", "20180431 10:00:00 UTC", "20180204 24:00:00 UTC",
        "20180204 10:60:00 UTC", "20180204 10:00:60 UTC", "2018O204 10:00:00 UTC", "20180204 1a:00:00 UTC",
        "+2018020 10:00:00 UTC", "20180204 10-00-00 UTC", "20180204 10:00:0\u{0660} UTC", "Sun, 04 Feb 2018 10:00:00 GMT",
    ])
    func rejects(text: String) {
        #expect(GameSystemDate.parse(text) == nil)
        #expect(GameSystemDate.parseSeconds(text) == nil)
    }

    @Test("Formatting is consistent when many tasks format different seconds at once")
    func concurrentFormatting() async {
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var wrong = 0
                    for index in 0..<500 {
                        let (seconds, text) = Self.known[(task + index) % Self.known.count]
                        if GameSystemDate.format(Date(timeIntervalSince1970: TimeInterval(seconds))) != text { wrong += 1 }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
