import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import SignetWorlds

/// `POST /XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds`: the Lords & Knights login server's `worlds`
/// action, answering property lists shaped like the real server's (every value a string, `serverVersion`
/// and `time` at the top level).
///
/// - The form body is read whatever its `Content-Type`. `login`, `password`, `deviceType` and `deviceId`
///   are required; an absent or empty one gets `{ error = "Insufficient parameters."; }` with status 200,
///   as the real server answers.
/// - A known login with its password (``WorldsDemoAccounts``) gets its worlds. Anything else gets status
///   200, no worlds and `info = "Unknown user"`: a wrong password and an unknown login look the same.
/// - A body that is not a form (a bad `%` escape, not UTF-8) gets 400, and one over 64 KiB gets 413, each
///   with a property-list `error` naming the byte offset or size, never the body.
/// - The format follows `Accept` (``WorldsFormatNegotiation``): OpenStep text by default, XML for
///   `application/x-plist` or `text/xml`, binary for `application/x-bplist`; every answer says
///   `Vary: Accept`.
struct WorldsService: ReferenceService {
    func register(on router: Router<ReferenceRequestContext>, environment: ReferenceEnvironment) {
        router.post("XYRALITY/WebObjects/BKLoginServer.woa/wa/worlds") { request, _ in
            let (format, contentType) = WorldsFormatNegotiation.choose(accept: request.headers[.accept])
            let (status, reply) = try await Self.answer(request, time: WorldsServerTime.format(environment.clock()))
            var fields = HTTPFields()
            fields[.contentType] = contentType
            // The format follows Accept: a cache must not answer one client's Accept with another's format.
            fields[.vary] = "Accept"
            let bytes = try PropertyListWriter.write(reply, as: format)
            return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }

    /// The status and property list for `request`.
    private static func answer(_ request: Request, time: String) async throws -> (HTTPResponse.Status, PropertyListValue) {
        var body: [UInt8] = []
        for try await chunk in request.body {
            guard body.count + chunk.readableBytes <= FormURLDecoder.defaultMaximumByteCount else {
                let message = "Request body exceeds the limit of \(FormURLDecoder.defaultMaximumByteCount) bytes."
                return (.contentTooLarge, WorldsReply.error(message: message))
            }
            body.append(contentsOf: chunk.readableBytesView)
        }
        let fields: [FormField]
        do {
            fields = try FormURLDecoder.decode(body)
        } catch {
            return (.badRequest, WorldsReply.error(message: "Malformed \(error)"))
        }
        guard case .success(let form) = WorldsLoginForm.read(fields) else {
            return (.ok, WorldsReply.insufficientParameters)
        }
        guard let worlds = WorldsDemoAccounts.worlds(login: form.login, password: form.password) else {
            return (.ok, DemoWorlds.unknownUserResponse(time: time))
        }
        return (.ok, WorldsReply.worlds(worlds, serverVersion: DemoWorlds.serverVersion, time: time))
    }
}
