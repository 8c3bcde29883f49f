extension Substring {
    /// Drops spaces and tabs at both ends: HTTP's optional whitespace (RFC 9110, 5.6.3) around a field value
    /// or a part of one.
    package func trimmingOptionalWhitespace() -> Substring {
        var result = self
        while let first = result.first, first == " " || first == "\t" { result = result.dropFirst() }
        while let last = result.last, last == " " || last == "\t" { result = result.dropLast() }
        return result
    }
}
