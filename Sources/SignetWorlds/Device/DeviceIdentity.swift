#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `deviceId` form field: a UUID that identifies this installation to the server and stays the
/// same across runs (see `DeviceIdentityStore`).
public struct DeviceIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The identifier.
    public var deviceId: UUID

    /// An identity with the given identifier (to override the stored one, or in tests).
    public init(deviceId: UUID) {
        self.deviceId = deviceId
    }

    /// A fresh random identity.
    public static func random() -> DeviceIdentity {
        DeviceIdentity(deviceId: UUID())
    }

    /// The field value: the UUID in uppercase, as `NSUUID.UUIDString` gives it.
    public var value: String { deviceId.uuidString }

    /// The field value (same as `value`).
    public var description: String { value }
}
