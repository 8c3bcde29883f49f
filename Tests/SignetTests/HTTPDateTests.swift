import Foundation
import Signet
import Testing

@Suite("HTTP dates")
struct HTTPDateTests {
    // RFC 9110 §5.6.7's example instant: 784111777 seconds after the epoch.
    static let example = Date(timeIntervalSince1970: 784_111_777)

    @Test("all three forms of RFC 9110's example parse to the same instant",
          arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"])
    func parses(text: String) {
        #expect(HTTPDate.parse(text) == Self.example)
    }

    @Test("IMF-fixdate formatting")
    func formats() {
        #expect(HTTPDate.format(Self.example) == "Sun, 06 Nov 1994 08:49:37 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 1_700_000_000)) == "Tue, 14 Nov 2023 22:13:20 GMT")
        #expect(HTTPDate.format(Date(timeIntervalSince1970: 951_782_400)) == "Tue, 29 Feb 2000 00:00:00 GMT")
    }

    @Test("invalid dates do not parse", arguments: [
        "", "Sun, 06 Nov 1994 08:49:37 UTC", "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, 06 Foo 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 29 Feb 2023 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT",
        String(repeating: "Sun, 06 Nov 1994 08:49:37 GMT ", count: 5),
    ])
    func rejects(text: String) {
        #expect(HTTPDate.parse(text) == nil)
    }

    // Found by the http-date fuzz harness (Fuzz/): a year below 1000 was formatted with three digits,
    // which is not IMF-fixdate and did not parse back.
    @Test("a year below 1000 is formatted with four digits and parses back",
          arguments: ["Sun Nov  6 08:49:37 0997", "Mon, 01 Jan 0001 00:00:00 GMT"])
    func smallYears(text: String) throws {
        let date = try #require(HTTPDate.parse(text))
        let formatted = HTTPDate.format(date)
        #expect(formatted.utf8.count == 29)
        #expect(HTTPDate.parse(formatted) == date)
    }

    @Test("year 997 in IMF-fixdate")
    func year997() {
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 0997").map(HTTPDate.format) == "Mon, 06 Nov 0997 08:49:37 GMT")
    }
}
