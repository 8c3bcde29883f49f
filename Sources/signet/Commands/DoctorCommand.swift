import ArgumentParser
import Foundation
import HTTPTypes
import Signet
import SignetGameSystem

/// `signet doctor`: is the server reachable, how far off is this machine's clock, is a signed GET
/// accepted, and if not, why.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "Check reachability, clock offset and a signed GET against a GameSystem server, and explain a refusal.",
        discussion: """
            Reads the server's Date to measure the clock offset, then signs GET /{tenant}/client/players/{player}
            with the client credentials. When the server refuses it and gives no diagnosis, it signs again
            with the other separator (a real newline) to tell which one the server uses.
            Exits 0 when the signed GET is accepted, 1 otherwise.
            """)

    @OptionGroup var options: ServiceOptions

    struct Report: Encodable {
        var baseURL: String
        var reachable: Bool
        var reachError: String?
        var status: Int?
        var latencyMilliseconds: Double?
        var clockOffsetSeconds: Double?
        var signedGet: SignedGet?

        struct SignedGet: Encodable {
            var path: String
            var accepted: Bool
            var error: String?
            var diagnosis: SignetError.Diagnosis?
            var clientStringToSign: String?
            /// When the server gave no diagnosis: the separator that made it accept the request, if any.
            var serverSeparator: String?
        }
    }

    func run() async throws {
        try await explainingFailures {
            let report = try await ServiceConnection.with(options) { connection in try await Self.examine(connection) }
            if options.json {
                try Terminal.printJSON(report)
            } else {
                for line in Self.describe(report) { Terminal(json: false).line(line) }
            }
            if report.signedGet?.accepted != true { throw ExitCode.failure }
        }
    }

    static func examine(_ connection: ServiceConnection) async throws -> Report {
        var report = Report(baseURL: connection.baseURL.absoluteString, reachable: false)
        let probe = Client(baseURL: connection.baseURL, transport: connection.transport,
                           middleware: Client.defaultMiddleware(retry: RetryMiddleware(maxAttempts: 1), timeout: .seconds(5)))
        let sent = Date()
        do {
            let (response, _) = try await probe.send(HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/"), operation: "doctor.reach")
            let received = Date()
            report.reachable = true
            report.status = response.status.code
            report.latencyMilliseconds = (received.timeIntervalSince(sent) * 1_000 * 10).rounded() / 10
            if let date = response.headerFields[.date].flatMap(HTTPDate.parse) {
                // HTTP dates are whole seconds: the server's time was somewhere in [date, date + 1).
                let midpoint = sent.addingTimeInterval(received.timeIntervalSince(sent) / 2)
                report.clockOffsetSeconds = ((date.timeIntervalSince(midpoint) + 0.5) * 10).rounded() / 10
            }
        } catch {
            report.reachError = "\(error)"
            return report
        }
        let tenant = GameSystemSession.tenant(connection), player = GameSystemSession.player(connection)
        let credentials = try GameSystemSession.credentials(connection, needsAdmin: false).client
        func client(_ separator: GameSystemSeparator) -> GameSystemPlayerClient {
            GameSystemClient(baseURL: connection.baseURL, tenant: tenant, credentials: credentials, transport: connection.transport,
                             options: .init(separator: separator, clockOffsets: ClockOffsetStore(),
                                            retry: RetryMiddleware(maxAttempts: 1, maxReplayedRetries: 0), timeout: .seconds(10))
            ).forPlayer(player)
        }
        var signed = Report.SignedGet(path: "/\(tenant)/client/players/\(player)", accepted: false)
        do {
            _ = try await client(.escaped).player()
            signed.accepted = true
        } catch let error as SignetError {
            signed.error = "\(error)"
            signed.diagnosis = error.diagnosis
            signed.clientStringToSign = error.clientStringToSign
            if error.status == .unauthorized, error.diagnosis == nil {
                // No diagnosis: find out which separator the server joins with by trying the other one.
                if (try? await client(.newline).player()) != nil { signed.serverSeparator = GameSystemSeparator.newline.rawValue }
            }
        }
        report.signedGet = signed
        return report
    }

    static func describe(_ report: Report) -> [String] {
        func row(_ label: String, _ value: String) -> String { "  " + label.padding(toLength: 16, withPad: " ", startingAt: 0) + value }
        var lines = ["signet doctor: \(report.baseURL.terminalSafe)"]
        guard report.reachable else {
            lines.append(row("reachable", "no: \((report.reachError ?? "unknown error").terminalSafe)"))
            return lines
        }
        lines.append(row("reachable", "yes (HTTP \(report.status ?? 0) for GET /, \(report.latencyMilliseconds.map { "\($0) ms" } ?? "?"))"))
        if let offset = report.clockOffsetSeconds {
            let side = offset >= 0 ? "ahead of" : "behind"
            lines.append(row("clock", "the server's clock is \(abs(offset)) s \(side) this machine's "
                + "(from its Date header; ±0.5 s, HTTP dates are whole seconds)"))
        } else {
            lines.append(row("clock", "unknown: the answer had no HTTP Date header"))
        }
        guard let signed = report.signedGet else { return lines }
        if signed.accepted {
            lines.append(row("signed GET", "accepted (\(signed.path.terminalSafe))"))
            return lines
        }
        lines.append(row("signed GET", "refused: \((signed.error ?? "").terminalSafe)"))
        if let diagnosis = signed.diagnosis {
            lines.append(row("likely cause", "\(diagnosis.likelyCause.rawValue.terminalSafe): \(diagnosis.detail.terminalSafe)"))
            var error = SignetError(.invalidResponse(reason: ""))
            error.diagnosis = diagnosis
            error.clientStringToSign = signed.clientStringToSign
            lines += RefusalReport.lines(for: error).map { "  " + $0 }
        } else if let separator = signed.serverSeparator {
            lines.append(row("likely cause", "the server gives no diagnosis, but accepts the request signed with a real "
                + "newline between the parts: it joins with '\(separator)' (sign with GameSystemSeparator.\(separator))"))
        } else if signed.error?.contains("401") == true {
            lines.append(row("likely cause", "the server gives no diagnosis, and the other separator does not help either: "
                + "check the key, the secret and the clock"))
        }
        return lines
    }
}
