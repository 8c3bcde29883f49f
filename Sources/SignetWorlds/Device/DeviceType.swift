#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The `deviceType` form field: `"<model> - <system name> <system version>"`, the shape the iOS
/// client builds from `UIDevice` (`iPhone - iOS 17.2`).
///
/// Off iOS the parts come from `uname()`: the model is the machine field (`x86_64`, `aarch64`), the
/// system name is the sysname (`Linux`, `Darwin`), and the version is the numeric prefix of the release
/// (`6.1.0-18-amd64` → `6.1.0`), because `UIDevice.systemVersion` is a bare version number and the
/// distribution suffix says nothing the server can use.
public struct DeviceType: Sendable, Hashable, CustomStringConvertible {
    /// The hardware model, e.g. `x86_64`.
    public var model: String
    /// The operating-system name, e.g. `Linux`.
    public var systemName: String
    /// The operating-system version, e.g. `6.1.0`.
    public var systemVersion: String

    /// A device type from its three parts.
    public init(model: String, systemName: String, systemVersion: String) {
        self.model = model
        self.systemName = systemName
        self.systemVersion = systemVersion
    }

    /// A device type from `uname()` fields: the version is the leading digits and dots of `release`
    /// (without a trailing dot), or the whole release when it does not start with a digit.
    public init(machine: String, sysname: String, release: String) {
        var version = String(release.prefix { $0.isASCII && ($0.isNumber || $0 == ".") })
        while version.hasSuffix(".") { version.removeLast() }
        self.init(model: machine, systemName: sysname, systemVersion: version.isEmpty ? release : version)
    }

    /// The field value: `"<model> - <system name> <system version>"`.
    public var value: String { "\(model) - \(systemName) \(systemVersion)" }

    /// The field value (same as `value`).
    public var description: String { value }

    /// This machine's device type, from `uname()`; `unknown` parts when `uname()` fails.
    public static var current: DeviceType {
        var system = utsname()
        guard uname(&system) == 0 else {
            return DeviceType(model: "unknown", systemName: "unknown", systemVersion: "unknown")
        }
        return DeviceType(
            machine: text(of: &system.machine), sysname: text(of: &system.sysname), release: text(of: &system.release))
    }

    /// The NUL-terminated text in a fixed-size `utsname` field, never reading past the field.
    private static func text<Field>(of field: inout Field) -> String {
        withUnsafeBytes(of: &field) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
