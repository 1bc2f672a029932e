#if canImport(Glibc)
import Glibc
#endif

/// The terminal while the live view owns it: the alternate screen, the cursor hidden, and the
/// keyboard read a key at a time without echo. `restore()` puts all of it back, and must run
/// on every way out (q, Ctrl-C, SIGTERM, an error).
final class TerminalScreen {
    private var saved = termios()
    private let keyboard: Bool
    private var restored = false

    /// Takes the terminal over.
    init() {
        keyboard = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &saved) == 0
        if keyboard {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        Console.out("\u{1B}[?1049h\u{1B}[?25l", terminator: "")
    }

    /// The terminal's width and height in characters (80 by 24 when it does not say).
    static func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Draws `lines` from the top-left corner, clearing what was there, at most `rows` of them.
    func draw(_ lines: [String], rows: Int) {
        let shown = lines.prefix(max(1, rows))
        Console.out("\u{1B}[H" + shown.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[K\u{1B}[J", terminator: "")
    }

    /// Leaves the alternate screen, shows the cursor and restores the keyboard's settings.
    func restore() {
        guard !restored else { return }
        restored = true
        Console.out("\u{1B}[?25h\u{1B}[?1049l", terminator: "")
        if keyboard { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
    }

    deinit { restore() }
}
