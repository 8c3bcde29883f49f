import Foundation
import Hummingbird

extension Parameters {
    /// The path parameter `name`, percent-decoded (RFC 3986 §2.1). The router hands a segment over as it was
    /// sent, and clients escape names in paths (Signet's own write `zoë` as `zo%C3%AB`), so `an%6E` is `ann`.
    /// A segment that is not valid percent-encoding is used as it is, and names nothing that exists (404).
    func decoded(_ name: String) throws -> String {
        let raw = try require(name)
        return raw.removingPercentEncoding ?? raw
    }
}
