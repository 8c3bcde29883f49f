import Foundation
import Testing
@testable import SignetTrivia

@Suite("Trivia timestamps")
struct TimestampTests {
    /// Expected strings from Python's datetime (an implementation independent of this one).
    @Test func formatsKnownInstants() {
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 1_800_000_000)) == "2027-01-15T08:00:00.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 1_800_000_010.25)) == "2027-01-15T08:00:10.250Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: 4_107_542_400)) == "2100-03-01T00:00:00.000Z")
        #expect(TriviaTimestamp.string(from: Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59.999Z")
    }

    @Test func parsesKnownInstantsAndRefusesImpossibleOnes() {
        #expect(TriviaTimestamp.date(from: "2027-01-15T08:00:10.250Z") == Date(timeIntervalSince1970: 1_800_000_010.25))
        #expect(TriviaTimestamp.date(from: "2027-01-15T08:00:10Z") == Date(timeIntervalSince1970: 1_800_000_010))
        #expect(TriviaTimestamp.date(from: "2000-02-29T00:00:00.5Z") == Date(timeIntervalSince1970: 951_782_400.5))
        #expect(TriviaTimestamp.date(from: "1969-12-31T23:59:59.500Z") == Date(timeIntervalSince1970: -0.5))
        for bad in ["2027-02-29T00:00:00.000Z", "2027-01-15 08:00:10.000Z", "2027-01-15T08:00:10.000+01:00",
                    "2027-01-15T24:00:00.000Z", "2027-01-15T08:00:10.Z", "2027-1-15T08:00:10.000Z", ""] {
            #expect(TriviaTimestamp.date(from: bad) == nil, "\(bad)")
        }
    }
}
