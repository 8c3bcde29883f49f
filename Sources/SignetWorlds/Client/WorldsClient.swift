#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPTypes
import Signet

/// The Lords & Knights login server's `worlds` action: posts the login form and decodes the property list
/// it answers with, in whichever format the bytes turn out to be.
///
/// ```swift
/// let device = try DeviceIdentityStore.standard().loadOrCreate()
/// let worlds = WorldsClient(baseURL: url, transport: SignetURLSessionTransport(), device: device)
/// let response = try await worlds.worlds(login: "ios.test@xyrality.com", password: password)
/// if response.isUnknownUser { print("unknown login") }
/// for world in response.worlds { print(world.name, world.status.description) }
/// ```
///
/// The format is asked for with `Accept` (``format``) but never trusted from the answer's
/// `Content-Type`: the bytes decide (`bplist00` → binary, `<?xml`/`<plist` → XML, else OpenStep).
/// The password goes only into the request body; Signet's logging middleware logs no bodies, and no
/// error or description made here contains it.
public struct WorldsClient: Sendable {
    /// The path of the action on the login server.
    public static let path = "/XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds"
    /// The operation name in logs and errors.
    public static let operation = "worlds"

    /// The chain requests go through (unsigned: default headers → retry → logging → timeout). The action
    /// is a POST without an idempotency key, so the retry middleware never repeats it.
    public let client: SignetClient
    /// The `deviceId` sent with every request.
    public var device: DeviceIdentity
    /// The `deviceType` sent with every request.
    public var deviceType: DeviceType
    /// The format asked for in `Accept` (OpenStep, the real server's, by default).
    public var format: PropertyListFormat
    /// Reads the answer: limits, and what to do with a world that does not decode.
    public var decoder: WorldsDecoder

    /// Builds the default unsigned chain over `transport`.
    public init(
        baseURL: URL, transport: some Transport, device: DeviceIdentity, deviceType: DeviceType = .current,
        format: PropertyListFormat = .openStep, decoder: WorldsDecoder = WorldsDecoder()
    ) {
        self.init(
            client: SignetClient(baseURL: baseURL, transport: transport, middleware: SignetClient.defaultMiddleware()),
            device: device, deviceType: deviceType, format: format, decoder: decoder)
    }

    /// Uses a chain built by the caller.
    public init(
        client: SignetClient, device: DeviceIdentity, deviceType: DeviceType = .current,
        format: PropertyListFormat = .openStep, decoder: WorldsDecoder = WorldsDecoder()
    ) {
        self.client = client
        self.device = device
        self.deviceType = deviceType
        self.format = format
        self.decoder = decoder
    }

    /// `POST /XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds` with `login`, `password`, `deviceType` and
    /// `deviceId` form-encoded: the worlds available to `login`.
    ///
    /// An unknown login is not an error on this server: the answer has no worlds and `info = "Unknown
    /// user"`; check ``WorldsResponse/isUnknownUser``. A world that does not decode is in
    /// ``WorldsResponse/failures`` (with the default decoder) while the others are kept.
    /// - Throws: ``WorldsError`` when the server answers with an `error` key (``WorldsError/server(message:)``,
    ///   whatever the HTTP status) or the answer does not decode (key path or byte offset named);
    ///   `SignetError` for transport failures, timeouts and non-2xx answers without a property-list error.
    public func worlds(login: String, password: String) async throws -> WorldsResponse {
        let form = WorldsLoginForm(login: login, password: password, deviceType: deviceType, device: device)
        return try await worlds(form: form)
    }

    /// Posts `form` as is (to send other device values than this client's, or to test a server).
    /// - Throws: as ``worlds(login:password:)``.
    public func worlds(form: WorldsLoginForm) async throws -> WorldsResponse {
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: Self.path)
        request.headerFields[.contentType] = FormURLEncoder.contentType
        request.headerFields[.accept] = format.mediaType
        let (response, body) = try await client.send(request, body: Body(form.encodedBody), operation: Self.operation)
        let bytes: [UInt8]
        do {
            bytes = try await body.collect(upTo: decoder.limits.maximumByteCount)
        } catch let error as SignetError {
            throw error.adding(operation: Self.operation, request: request)
        }
        let contentType = response.headerFields[.contentType]
        guard response.status.kind == .successful else {
            // The server may explain a refusal in a property list; its `error` wins over the bare status.
            if case .failure(.server(let message)) = Result(catching: { () throws(WorldsError) in
                try decoder.decode(bytes, contentType: contentType)
            }) {
                throw WorldsError.server(message: message)
            }
            throw SignetClient.statusError(response, body: Array(bytes.prefix(SignetClient.errorBodyReadLimit)))
                .adding(operation: Self.operation, request: request)
        }
        client.logger.debug("worlds answer", metadata: [
            "signet.plist_format": "\(PropertyListFormat.detect(bytes).rawValue)",
            "signet.content_type": "\(contentType ?? "none")",
        ])
        return try decoder.decode(bytes, contentType: contentType)
    }
}
