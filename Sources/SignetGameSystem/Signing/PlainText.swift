/// Assembles the GameSystem plain text as bytes, without making a `String`.
enum PlainText {
    /// Calls `body` with `date SEP contentMD5 SEP path SEP method` as UTF-8 bytes (method already uppercased).
    static func withBytes<Result, Failure: Error>(
        date: String, contentMD5: String, path: Substring, method: String, separator: GameSystemSeparator,
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        var date = date, contentMD5 = contentMD5, path = path, method = method
        let joiner: StaticString = separator == .escaped ? "\\n" : "\n"
        let separatorBytes = UnsafeBufferPointer(start: joiner.utf8Start, count: joiner.utf8CodeUnitCount)
        // The path's bytes first: counting a `Substring`'s UTF-8 is a call into the runtime, its buffer's is not.
        let result: Swift.Result<Result, Failure> = path.withUTF8 { pathBytes in
            let length = date.utf8.count + contentMD5.utf8.count + pathBytes.count + method.utf8.count + 3 * separatorBytes.count
            return withUnsafeTemporaryAllocation(byteCount: length, alignment: 1) { buffer in
                var offset = 0
                func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                    guard let source = bytes.baseAddress, let target = buffer.baseAddress, bytes.count > 0 else { return }
                    (target + offset).copyMemory(from: source, byteCount: bytes.count)
                    offset += bytes.count
                }
                date.withUTF8(put); put(separatorBytes)
                contentMD5.withUTF8(put); put(separatorBytes)
                put(pathBytes); put(separatorBytes)
                method.withUTF8(put)
                return Swift.Result { () throws(Failure) in try body(UnsafeRawBufferPointer(buffer)) }
            }
        }
        return try result.get()
    }
}
