import Foundation
import SignetWorlds

/// Compares a Signet `PropertyListValue` with the `Any` tree Foundation's `PropertyListSerialization` returns.
///
/// What counts as equal, and why it is fair:
/// - strings: the same UTF-16 code units (not Swift's canonical equivalence: both sides must keep the text as
///   written);
/// - booleans: Foundation answers a Swift `Bool` for `<true/>`/`<false/>` and binary booleans, never an
///   `NSNumber` that merely holds 0 or 1;
/// - integers: an `NSNumber` that is not a real, with the same 64-bit signed value (Foundation's unsigned
///   64-bit reading of a value above `Int.max` is a different value from anything Signet can return, so it
///   is a disagreement);
/// - reals: the same `Double`, NaN equal to NaN;
/// - dates: the same `timeIntervalSinceReferenceDate`, NaN equal to NaN;
/// - data: the same bytes; arrays: the same elements in order; dictionaries: the same keys (compared as
///   strings) with equal values, in any order.
public enum PropertyListComparison {
    /// A description of the first difference found, with its path, or `nil` when the values are equal.
    public static func difference(_ signet: PropertyListValue, _ foundation: Any, at path: String) -> String? {
        func differ(_ detail: String) -> String {
            "at \(path): Signet has \(signet.kindName) \(Describe.signet(signet, limit: 200)), "
                + "Foundation has \(type(of: foundation)) \(Describe.foundation(foundation, limit: 200))\(detail)"
        }
        switch signet {
        case .string(let string):
            guard let other = foundation as? String, !(foundation is NSNumber) else { return differ("") }
            return Array(string.utf16) == Array(other.utf16) ? nil : differ(" (UTF-16 differs)")
        case .bool(let bool):
            guard type(of: foundation) == Bool.self, let other = foundation as? Bool else { return differ("") }
            return bool == other ? nil : differ("")
        case .number(.integer(let integer)):
            guard let number = foundation as? NSNumber, type(of: foundation) != Bool.self, !isReal(number) else {
                return differ("")
            }
            if String(cString: number.objCType) == "Q", number.uint64Value > UInt64(Int64.max) {
                return differ(" (Foundation reads an unsigned value above Int64.max)")
            }
            return number.int64Value == Int64(integer) ? nil : differ("")
        case .number(.real(let real)):
            guard let number = foundation as? NSNumber, type(of: foundation) != Bool.self, isReal(number) else {
                return differ("")
            }
            return same(real, number.doubleValue) ? nil : differ("")
        case .date(let date):
            guard let other = foundation as? Date else { return differ("") }
            return same(date.timeIntervalSinceReferenceDate, other.timeIntervalSinceReferenceDate) ? nil : differ("")
        case .data(let data):
            guard let other = foundation as? Data else { return differ("") }
            return data == other ? nil : differ("")
        case .array(let elements):
            guard let others = foundation as? [Any] else { return differ("") }
            guard elements.count == others.count else { return differ(" (\(elements.count) vs \(others.count) elements)") }
            for (index, (element, other)) in zip(elements, others).enumerated() {
                if let difference = difference(element, other, at: "\(path)[\(index)]") { return difference }
            }
            return nil
        case .dictionary(let dictionary):
            guard let others = foundation as? [AnyHashable: Any] else { return differ("") }
            guard dictionary.count == others.count else {
                return differ(" (\(dictionary.count) vs \(others.count) keys)")
            }
            for (key, other) in others {
                guard let key = key.base as? String else { return differ(" (a key that is not a string)") }
                guard let value = dictionary[key] else { return differ(" (key \(key.debugDescription) only in Foundation)") }
                if let difference = difference(value, other, at: "\(path).\(key)") { return difference }
            }
            return nil
        }
    }

    static func isReal(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "d" || type == "f"
    }

    static func same(_ lhs: Double, _ rhs: Double) -> Bool {
        lhs == rhs || (lhs.isNaN && rhs.isNaN)
    }
}
