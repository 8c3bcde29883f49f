/// What the verifying middleware measured of a request body while reading it.
struct ReceivedBody: Sendable {
    /// Bytes received.
    let length: Int
    /// Base64 MD5 of the bytes received (what `Content-MD5` was compared with).
    let md5Base64: String
}
