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
        let cpuBefore = Measure.processCPUSeconds()
        let load = try launch(url: url, headers: headers, connections: connections)
        let measured = try load.finish()
        let cpu = Measure.processCPUSeconds() - cpuBefore
        return (measured.rate, cpu * 1e6 / measured.requests)
    }

    /// A wrk run started by ``launch(url:headers:connections:)``, for ``finish()`` to collect: two of them
    /// run at once in ``SideBySideBenchmark``.
    struct Running {
        fileprivate let process: Process
        fileprivate let output: Pipe
        fileprivate let url: String

        /// Waits for wrk to end: how many requests it completed, and their rate. Throws if any answer was not
        /// 2xx, a socket failed, or wrk failed.
        func finish() throws -> (requests: Double, rate: Double) {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: data, as: UTF8.self)
            guard process.terminationStatus == 0 else { throw BenchFailure("wrk exited \(process.terminationStatus): \(text)") }
            if text.contains("Non-2xx") || text.contains("Socket errors") { throw BenchFailure("wrk saw failures on \(url):\n\(text)") }
            guard let requests = WrkLoad.number(after: nil, before: " requests in", in: text),
                  let rate = WrkLoad.number(after: "Requests/sec:", before: nil, in: text), requests > 0
            else { throw BenchFailure("wrk's output has no rate:\n\(text)") }
            return (requests, rate)
        }
    }

    /// Starts wrk sending `url` the GET with `headers` from `connections` connections on one thread for
    /// `seconds` (wrk inherits this process's CPU affinity).
    func launch(url: String, headers: [(String, String)], connections: Int) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = ["-t1", "-c\(connections)", "-d\(seconds)s"]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        process.arguments = arguments + [url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return Running(process: process, output: output, url: url)
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
