/// The members of one object a decoder has read, each by its position in the decoder's list of known
/// members (at most 64), so that a member named twice is refused rather than silently overwritten.
package struct JSONKnownMembers {
    private var read: UInt64 = 0

    /// None read yet.
    package init() {}

    /// Records known member `index`, whose value is at `cursor`; the second time, a
    /// ``JSONReadError/Kind/duplicateKey(_:)`` fault naming the member.
    package mutating func first(_ index: Int, _ cursor: JSONCursor) throws(JSONReadError) {
        let bit = UInt64(1) << UInt64(index & 63)
        guard read & bit == 0 else { throw cursor.duplicateMember() }
        read |= bit
    }
}
