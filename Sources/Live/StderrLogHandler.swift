import FoundationEssentials
import StrategyKit
import Synchronization
import Trading
import Wire

#if canImport(Glibc)
import Glibc
#endif

/// Writes one line per record to stderr (or another descriptor):
/// - `text` on a terminal or in a file: `2026-11-29T13:34:00.123456789Z INFO    engine: message key=value`;
/// - `journal` when stderr is systemd's journal (`JOURNAL_STREAM` set): `<6>engine: message key=value`,
///   with the syslog priority prefix and no timestamp (the journal adds its own);
/// - `json`: one object per line with `time`, `level`, `part`, `message` and the fields.
///
/// A record is always one line, whatever its text holds (a symbol or an error from the exchange
/// may hold anything): control characters (C0, DEL, C1) and the Unicode line and paragraph
/// separators are written as JSON escapes (`\n`, `\u001b`) in the part, the message, the keys
/// and the values, and a backslash as `\\`. In `text` and `journal`, a value that is empty or
/// holds a space, `"`, `=`, `\` or an escaped character is written as a JSON string.
public final class StderrLogHandler: LogHandler {
    public enum Style: Sendable {
        case text, journal, json
    }

    private let style: Style
    private let descriptor: Int32
    private let clock: @Sendable () -> Timestamp
    private let lock = Mutex(())

    public init(style: Style, descriptor: Int32 = STDERR_FILENO, clock: @escaping @Sendable () -> Timestamp = WallClock.now) {
        self.style = style
        self.descriptor = descriptor
        self.clock = clock
    }

    /// The style for `format`: `json` as asked; otherwise `journal` when `JOURNAL_STREAM` is set.
    public static func style(for format: LoggingSettings.Format, environment: [String: String] = ProcessInfo.processInfo.environment) -> Style {
        if format == .json { return .json }
        return environment["JOURNAL_STREAM"] == nil ? .text : .journal
    }

    public func write(_ record: LogRecord) {
        let line = format(record) + "\n"
        lock.withLock { _ in
            var bytes = Array(line.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// The line for `record`, without its newline.
    public func format(_ record: LogRecord) -> String {
        switch style {
        case .text:
            let name = record.level.rawValue.uppercased()
            let level = name + String(repeating: " ", count: max(0, 7 - name.count))
            return "\(clock().iso8601) \(level) \(Self.escaped(record.part)): \(Self.escaped(record.message))\(Self.fieldText(record.fields))"
        case .journal:
            return "<\(Self.priority(record.level))>\(Self.escaped(record.part)): \(Self.escaped(record.message))\(Self.fieldText(record.fields))"
        case .json:
            var object = "{\"time\":\"\(clock().iso8601)\",\"level\":\"\(record.level.rawValue)\",\"part\":\(Self.quoted(record.part)),\"message\":\(Self.quoted(record.message))"
            for (key, value) in record.fields {
                object += ",\(Self.quoted(key)):\(Self.quoted(value))"
            }
            return object + "}"
        }
    }

    /// syslog priorities as sd-daemon(3) reads them.
    static func priority(_ level: LogLevel) -> Int {
        switch level {
        case .debug: return 7
        case .info: return 6
        case .warning: return 4
        case .error: return 3
        }
    }

    static func fieldText(_ fields: [(String, String)]) -> String {
        fields.map { key, value in
            " \(escaped(key))=\(needsQuotes(value) ? quoted(value) : value)"
        }.joined()
    }

    /// Whether a `text` or `journal` value must be quoted to be read back as one value.
    static func needsQuotes(_ value: String) -> Bool {
        value.isEmpty || value.unicodeScalars.contains { scalar in
            scalar == " " || scalar == "\"" || scalar == "=" || scalar == "\\" || isEscaped(scalar)
        }
    }

    /// `\u` and four lowercase hex digits: every escaped scalar is below U+10000.
    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// Whether `scalar` is written as an escape: it could end a line, or drive a terminal.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        "\"" + escaped(text, quotes: true) + "\""
    }

    /// `text` with backslashes, escaped characters and (with `quotes`) double quotes escaped as
    /// in a JSON string; unchanged, without a copy, when it holds none.
    static func escaped(_ text: String, quotes: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\\" || (quotes && $0 == "\"") || isEscaped($0) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"" where quotes: out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where isEscaped(scalar): out += unicodeEscape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
