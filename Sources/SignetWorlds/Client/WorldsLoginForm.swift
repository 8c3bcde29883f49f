/// The four form fields of the `worlds` action: `login`, `password`, `deviceType`, `deviceId`.
///
/// Its `description` never shows the password, so a logged or printed form is safe.
public struct WorldsLoginForm: Sendable, Hashable, CustomStringConvertible {
    /// The form field names, in the order the client sends them.
    public enum FieldName {
        /// The device identifier or e-mail address used to sign in.
        public static let login = "login"
        /// The password for the login.
        public static let password = "password"
        /// The hardware and operating system (see ``DeviceType``).
        public static let deviceType = "deviceType"
        /// The device's stable identifier (see ``DeviceIdentity``).
        public static let deviceId = "deviceId"
        /// Every field the action requires.
        public static let all = [login, password, deviceType, deviceId]
    }

    /// The login (an e-mail address or a device identifier).
    public var login: String
    /// The password, sent as is (form-encoded on the wire).
    public var password: String
    /// The `deviceType` value, e.g. `x86_64 - Linux 6.1.0`.
    public var deviceType: String
    /// The `deviceId` value, e.g. `0F5C…-…`.
    public var deviceId: String

    /// A form with every field given.
    public init(login: String, password: String, deviceType: String, deviceId: String) {
        self.login = login
        self.password = password
        self.deviceType = deviceType
        self.deviceId = deviceId
    }

    /// A form for `login` and `password` from this device.
    public init(login: String, password: String, deviceType: DeviceType, device: DeviceIdentity) {
        self.init(login: login, password: password, deviceType: deviceType.value, deviceId: device.value)
    }

    /// Reads the form from decoded fields (the server side). A field that is absent or empty is missing;
    /// the result names every missing field, in ``FieldName/all`` order.
    public static func read(_ fields: [FormField]) -> Result<WorldsLoginForm, MissingFields> {
        var values: [String: String] = [:]
        var missing: [String] = []
        for name in FieldName.all {
            if let value = fields.firstValue(named: name), !value.isEmpty {
                values[name] = value
            } else {
                missing.append(name)
            }
        }
        guard missing.isEmpty, let login = values[FieldName.login], let password = values[FieldName.password],
            let deviceType = values[FieldName.deviceType], let deviceId = values[FieldName.deviceId]
        else { return .failure(MissingFields(names: missing)) }
        return .success(WorldsLoginForm(login: login, password: password, deviceType: deviceType, deviceId: deviceId))
    }

    /// The fields in ``FieldName/all`` order.
    public var fields: [FormField] {
        [
            FormField(name: FieldName.login, value: login),
            FormField(name: FieldName.password, value: password),
            FormField(name: FieldName.deviceType, value: deviceType),
            FormField(name: FieldName.deviceId, value: deviceId),
        ]
    }

    /// The `application/x-www-form-urlencoded` body (see ``FormURLEncoder``).
    public var encodedBody: [UInt8] { FormURLEncoder.encodeBytes(fields) }

    /// The fields with the password redacted: `login=…&password=<redacted>&…`.
    public var description: String { fields.map(\.description).joined(separator: "&") }

    /// The names of required fields a form lacks.
    public struct MissingFields: Error, Sendable, Hashable, CustomStringConvertible {
        /// The missing field names, e.g. `["password", "deviceId"]`.
        public var names: [String]

        /// The missing names given.
        public init(names: [String]) {
            self.names = names
        }

        /// `missing form fields: password, deviceId`.
        public var description: String { "missing form fields: \(names.joined(separator: ", "))" }
    }
}
