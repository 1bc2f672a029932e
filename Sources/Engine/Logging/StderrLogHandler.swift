import Exchange
import Foundation
import StrategyKit
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Writes one line per record to stderr (or another descriptor):
/// - `text` on a terminal or in a file: `2026-11-29T13:34:00.123456789Z INFO    engine: message key=value`;
/// - `journal` when stderr is systemd's journal (`JOURNAL_STREAM` set): `<6>engine: message key=value`,
///   with the syslog priority prefix and no timestamp (the journal adds its own);
/// - `json`: one object per line with `time`, `level`, `part`, `message` and the fields.
public final class StderrLogHandler: LogHandler {
    public enum Style: Sendable {
        case text, journal, json
    }

    private let style: Style
    private let descriptor: Int32
    private let clock: @Sendable () -> Timestamp
    private let lock = Mutex(())

    public init(style: Style, descriptor: Int32 = STDERR_FILENO, clock: @escaping @Sendable () -> Timestamp = SystemClock.now) {
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
            let level = record.level.rawValue.uppercased().padding(toLength: 7, withPad: " ", startingAt: 0)
            return "\(clock().iso8601) \(level) \(record.part): \(record.message)\(Self.fieldText(record.fields))"
        case .journal:
            return "<\(Self.priority(record.level))>\(record.part): \(record.message)\(Self.fieldText(record.fields))"
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
            value.contains(" ") || value.isEmpty ? " \(key)=\(quoted(value))" : " \(key)=\(value)"
        }.joined()
    }

    /// `text` as a JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
