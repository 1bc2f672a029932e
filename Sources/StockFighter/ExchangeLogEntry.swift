/// One debug log record: one attempt of one command and how it ended. Never holds the key.
public struct ExchangeLogEntry: Sendable, Hashable, CustomStringConvertible {
    /// The command, as its description (method, path, and for orders what was asked).
    public var command: String
    /// The attempt number, from 1.
    public var attempt: Int
    /// How long the attempt took, from sending to decoding.
    public var duration: Duration
    /// The HTTP status, when a response arrived.
    public var status: Int?
    /// The error, when the attempt failed.
    public var error: ExchangeError?

    public init(command: String, attempt: Int, duration: Duration, status: Int?, error: ExchangeError?) {
        self.command = command
        self.attempt = attempt
        self.duration = duration
        self.status = status
        self.error = error
    }

    public var description: String {
        let micros = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let outcome = error.map { "failed: \($0)" } ?? "ok"
        let status = status.map { " HTTP \($0)" } ?? ""
        return "exchange \(command) attempt \(attempt)\(status) \(micros)µs \(outcome)"
    }
}

/// Receives the invoker's debug records; inject one to log, collect or ignore them.
public typealias ExchangeLogHandler = @Sendable (ExchangeLogEntry) -> Void
