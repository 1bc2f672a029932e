#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Where commands write: stdout for results, stderr for diagnostics. Colour is used only when
/// the stream is a terminal and `NO_COLOR` is not set.
public enum Console {
    /// Writes `text` and `terminator` to stdout.
    public static func out(_ text: String, terminator: String = "\n") {
        write(text + terminator, to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline to stderr.
    public static func err(_ text: String) {
        write(text + "\n", to: STDERR_FILENO)
    }

    /// Replaces the current stderr line with `text` (no newline): a status line redrawn in
    /// place on a terminal; an empty `text` erases it.
    public static func status(_ text: String) {
        write("\r\u{1B}[K" + text, to: STDERR_FILENO)
    }

    /// Whether `--verbose` was given, and the verbose lines already written.
    private static let verbosity = Mutex<(on: Bool, said: Set<String>)>((false, []))

    /// Turns `--verbose` on for the rest of the process (`Tickwork.main`, before the command runs).
    static func beVerbose() {
        verbosity.withLock { $0.on = true }
    }

    /// Writes `text` and a newline to stderr under `--verbose`, once however often it is said
    /// (a command that reads its configuration twice names it once).
    static func verbose(_ text: String) {
        let write = verbosity.withLock { state in state.on && state.said.insert(text).inserted }
        if write { err(text) }
    }

    /// Whether stdout should get ANSI colour.
    public static var colorsStdout: Bool {
        isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil
    }

    /// Whether stderr is a terminal (for progress lines).
    public static var stderrIsTerminal: Bool {
        isatty(STDERR_FILENO) == 1
    }

    /// Writes all of `text` with write(2), unbuffered, so output from a command that is later
    /// killed is never lost in a buffer. A closed pipe ends the write silently.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
