import StrategyKit

/// A cheap value that writes log lines for one part of the system (`engine`, `ledger`, ...)
/// through a shared `LogHandler`. Messages and fields below `level` are not even built: both are
/// autoclosures, so a disabled line costs a comparison.
public struct Logger: Sendable {
    /// The part of the system this logger speaks for.
    public var part: String
    /// The least severe level written.
    public var level: LogLevel
    /// Where lines go.
    public var handler: any LogHandler

    public init(part: String, level: LogLevel = .info, handler: any LogHandler) {
        self.part = part
        self.level = level
        self.handler = handler
    }

    /// The same handler and level, speaking for another part.
    public func forPart(_ part: String) -> Logger {
        Logger(part: part, level: level, handler: handler)
    }

    /// Writes `message` with `fields` (key, value pairs in order) if `severity` is enabled.
    public func log(
        _ severity: LogLevel, _ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]
    ) {
        guard severity >= level else { return }
        handler.write(LogRecord(level: severity, part: part, message: message(), fields: fields().map { ($0.key, $0.value) }))
    }

    public func debug(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.debug, message(), fields())
    }

    public func info(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.info, message(), fields())
    }

    public func warning(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.warning, message(), fields())
    }

    public func error(_ message: @autoclosure () -> String, _ fields: @autoclosure () -> KeyValuePairs<String, String> = [:]) {
        log(.error, message(), fields())
    }
}

/// How severe a log line is.
public enum LogLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One log line before formatting.
public struct LogRecord: Sendable {
    public var level: LogLevel
    public var part: String
    public var message: String
    /// Extra key/value pairs, in order.
    public var fields: [(String, String)]

    public init(level: LogLevel, part: String, message: String, fields: [(String, String)]) {
        self.level = level
        self.part = part
        self.message = message
        self.fields = fields
    }
}

/// Formats and writes log records. Implementations must be safe to call from any thread.
public protocol LogHandler: Sendable {
    func write(_ record: LogRecord)
}
