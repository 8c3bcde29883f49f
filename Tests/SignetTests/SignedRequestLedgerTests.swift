import Foundation
import Testing
@testable import Signet

@Suite("Signed request ledger")
struct SignedRequestLedgerTests {
    @Test("a value is refused again in its second; thousands of distinct ones per second all pass, in bounded time")
    func manyDistinctValues() {
        let ledger = SignedRequestLedger()
        #expect(ledger.claim("KEY:a", second: 100))
        #expect(!ledger.claim("KEY:a", second: 100))
        // 20,000 posts over 4 seconds: each claim O(1) (the old ledger re-filtered every value on every claim).
        let clock = ContinuousClock()
        let start = clock.now
        for second in Int64(101)...104 {
            for index in 0..<5_000 {
                #expect(ledger.claim("KEY:\(second)-\(index)", second: second))
            }
        }
        #expect(clock.now - start < .seconds(10))
        #expect(!ledger.claim("KEY:104-4999", second: 104))
        #expect(ledger.claim("KEY:b", second: 104))
    }
}
