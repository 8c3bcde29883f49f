import Foundation

/// A round of load from `wrk` (Debian's `wrk`), a load generator in its own process: the server's process then
/// holds only the server, as in a deployment, where the in-process AsyncHTTPClient shares its cores, event loops
/// and scheduler with the server it measures. Used by `--server-side --wrk PATH`.
struct WrkLoad {
    /// The `wrk` executable.
    let executable: String
    /// Seconds per round.
    let seconds: Int

    /// Sends `url` the GET with `headers` from `connections` connections on one thread for `seconds`: the
    /// rate, and this process's CPU time per request over the round (µs). Throws if any answer was not 2xx or
    /// a socket failed.
    func round(url: String, headers: [(String, String)], connections: Int) throws -> (rate: Double, cpu: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = ["-t1", "-c\(connections)", "-d\(seconds)s"]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        process.arguments = arguments + [url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let cpuBefore = Measure.processCPUSeconds()
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let cpu = Measure.processCPUSeconds() - cpuBefore
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw BenchFailure("wrk exited \(process.terminationStatus): \(text)") }
        if text.contains("Non-2xx") || text.contains("Socket errors") { throw BenchFailure("wrk saw failures on \(url):\n\(text)") }
        guard let requests = Self.number(after: nil, before: " requests in", in: text),
              let rate = Self.number(after: "Requests/sec:", before: nil, in: text), requests > 0
        else { throw BenchFailure("wrk's output has no rate:\n\(text)") }
        return (rate, cpu * 1e6 / requests)
    }

    /// The number on the line holding `after` (the first field following it) or `before` (the last field
    /// preceding it).
    private static func number(after: String?, before: String?, in text: String) -> Double? {
        for line in text.split(separator: "\n") {
            if let after, let range = line.range(of: after) {
                return line[range.upperBound...].split(separator: " ").first.flatMap { Double($0) }
            }
            if let before, let range = line.range(of: before) {
                return line[..<range.lowerBound].split(separator: " ").last.flatMap { Double($0) }
            }
        }
        return nil
    }
}
