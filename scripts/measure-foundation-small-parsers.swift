// Foundation's base64, date and percent decoding on the inputs Signet's small parsers refuse (docs/decisions.md,
// "Hand-written parsers").   swiftc -O scripts/measure-foundation-small-parsers.swift -o /tmp/m && /tmp/m
import Foundation
for s in ["QQ==", "QR==", "QQ", "Q Q==", "QQ==\n"] { print("Data(base64Encoded: \(s.debugDescription)) ->", Data(base64Encoded: s).map { Array($0) } as Any) }
let f = DateFormatter(); f.locale = Locale(identifier: "en_US_POSIX"); f.timeZone = TimeZone(identifier: "UTC"); f.dateFormat = "yyyyMMdd HH:mm:ss 'UTC'"
for s in ["20180204 10:00:00 UTC", "2018024 10:00:00 UTC", "20180230 10:00:00 UTC", "20180204 10:00:60 UTC", "20180204 1:0:0 UTC"] { print("DateFormatter \(s.debugDescription) ->", f.date(from: s) as Any) }
let start = Date(); var n = 0
for _ in 0..<100_000 { if f.date(from: "20180204 10:00:00 UTC") != nil { n += 1 } }
print("DateFormatter: \(Int(Date().timeIntervalSince(start) / 100_000 * 1e9)) ns per parse")
print("removingPercentEncoding of a+b%2", "a+b%2".removingPercentEncoding as Any, "a%zz".removingPercentEncoding as Any)
