import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input a key at a time, for full-screen commands (`signet puzzle play`): no echo, no line
/// editing, and Ctrl-C arriving as a byte the command handles (so the terminal is always restored by the
/// command itself). Output processing stays on, so `\n` still starts a new line.
struct RawTerminalInput {
    private let saved: termios

    /// Whether stdin and stdout are both terminals (a full-screen command needs both).
    static var isAvailable: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Switches stdin to raw mode; ``restore()`` puts the saved settings back.
    static func enter() throws -> RawTerminalInput {
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else {
            throw CommandFailure("cannot read the terminal's settings (errno \(errno))")
        }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        // TCSANOW, not TCSAFLUSH: keys typed (or sent by a test) before the switch are kept.
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else {
            throw CommandFailure("cannot switch the terminal to raw mode (errno \(errno))")
        }
        return RawTerminalInput(saved: original)
    }

    /// Puts the terminal's settings back as they were before ``enter()``.
    func restore() {
        var settings = saved
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }

    /// The bytes of stdin as they arrive. `read` blocks, so it runs on a thread of its own rather than on
    /// one of the few threads Swift concurrency shares; the stream ends at end of file.
    static func bytes() -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 256)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if count > 0 {
                    continuation.yield(Array(buffer[0..<count]))
                } else if count < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            continuation.finish()
        }
        reader.name = "signet-raw-stdin"
        reader.start()
        return stream
    }
}

/// A key of a full-screen command, decoded from raw bytes: the arrows (as `ESC [ A` … or `ESC O A` …, and
/// h j k l), Space, Enter, and the keys that quit (q, Ctrl-C, Ctrl-D). Anything else is ignored.
enum TerminalKey: Sendable, Equatable {
    case up, down, left, right, space, enter, quit

    /// The keys in `bytes`, in order. A chunk holds whole sequences (a terminal writes each key at once).
    static func decode(_ bytes: [UInt8]) -> [TerminalKey] {
        var keys: [TerminalKey] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case 0x1B:
                guard index < bytes.count, bytes[index] == UInt8(ascii: "[") || bytes[index] == UInt8(ascii: "O") else { continue }
                index += 1
                // Parameters (digits and `;`), then the final byte that names the key.
                while index < bytes.count, bytes[index] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[index]) {
                    index += 1
                }
                guard index < bytes.count else { continue }
                let final = bytes[index]
                index += 1
                switch final {
                case UInt8(ascii: "A"): keys.append(.up)
                case UInt8(ascii: "B"): keys.append(.down)
                case UInt8(ascii: "C"): keys.append(.right)
                case UInt8(ascii: "D"): keys.append(.left)
                default: break
                }
            case UInt8(ascii: " "): keys.append(.space)
            case UInt8(ascii: "\r"), UInt8(ascii: "\n"): keys.append(.enter)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"), 0x03, 0x04: keys.append(.quit)
            case UInt8(ascii: "k"): keys.append(.up)
            case UInt8(ascii: "j"): keys.append(.down)
            case UInt8(ascii: "h"): keys.append(.left)
            case UInt8(ascii: "l"): keys.append(.right)
            default: break
            }
        }
        return keys
    }
}
