import CommandLineKit
import FoundationEssentials
import Live

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run`: the daemon.
enum Run {
    static let command = Command(
        name: "run",
        summary: "Run the trading daemon.",
        discussion: """
            Loads the strategy plugins the configuration names, opens the fill ledger (rebuilding \
            positions from it), reconciles with the exchange, then trades until SIGTERM or SIGINT: \
            books are polled, strategies decide, the risk checker approves, orders go out, fills \
            are written to the ledger before strategies hear of them. SIGHUP reloads the \
            configuration (new risk limits and strategy parameters; an invalid file is refused \
            and the running one stays). On SIGTERM it cancels every open order (waiting at most \
            5 seconds), flushes the ledger and exits 0; one sent while it is still starting \
            up is kept, and stops it the same way once it has started.
            If the ledger cannot be written (a full or failing disk), while trading or at \
            start-up (where less than 4 KiB free counts as full), or is corrupt at start-up, \
            it places nothing more, cancels every open order \
            of the account (for at most 10 seconds), says why on stderr and to systemd, and exits 3.
            With no --config it uses the embedded config/tickwork.json: a simulated exchange with \
            bots in this process, on a free loopback port, traded over HTTP by FirstSteps. \
            Relative paths in a configuration file are resolved against the file's directory, in \
            the embedded default against the current directory; the start line names the ledger \
            and trading-state files. Plugins, and their directory, that group or others may write \
            are refused, and so is an API key file they may read.
            Under systemd (Type=notify) it reports READY, STATUS, WATCHDOG, RELOADING and STOPPING.
            """,
        options: [config, duration, logFormat, logLevel],
        run: run, earlySignals: [SIGTERM, SIGINT, SIGHUP]
    )

    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration (default: $TICKWORK_CONFIG, else /etc/tickwork/tickwork.json, else the embedded config/tickwork.json).")
    static let duration: Option<Duration?> = .optional(
        "--duration", "DURATION", help: "Stop by itself after this long (e.g. 30s, 8h), as if sent SIGTERM.",
        parse: .duration(in: .seconds(1) ... .seconds(31_536_000), bareNumberIn: .seconds))
    static let logFormat: Option<LoggingSettings.Format?> = .optional(
        "--log-format", "FORMAT", help: "text or json (default: the configuration's logging.format).", parse: .oneOf("text or json"))
    static let logLevel: Option<LoggingSettings.Level?> = .optional(
        "--log-level", "LEVEL", help: "debug, info, warning or error (default: the configuration's logging.level).",
        parse: .oneOf("debug, info, warning or error"))

    static func run(_ invocation: Invocation) throws -> Int32 {
        let source = try DefaultConfiguration.locate(invocation[Self.config])
        var configuration = try DefaultConfiguration.load(source)
        if let format = invocation[Self.logFormat] { configuration.logging.format = format }
        if let level = invocation[Self.logLevel] { configuration.logging.level = level }
        let daemon = try Daemon(configuration: configuration, configPath: source.path)
        return try daemon.run(duration: invocation[Self.duration])
    }
}
