import Engine
import Foundation

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
            5 seconds), flushes the ledger and exits 0.
            If the ledger cannot be written (a full or failing disk), while trading or at \
            start-up (where less than 4 KiB free counts as full), or is corrupt at start-up, \
            it places nothing more, cancels every open order \
            of the account (for at most 10 seconds), says why on stderr and to systemd, and exits 3.
            With no --config it uses the embedded config/tickwork.json: a simulated exchange with \
            bots in this process, on a free loopback port, traded over HTTP by FirstSteps.
            Under systemd (Type=notify) it reports READY, STATUS, WATCHDOG, RELOADING and STOPPING.
            """,
        options: [
            .value("--config", "FILE", help: "The configuration (default: the embedded config/tickwork.json)."),
            .value("--duration", "SECONDS", help: "Stop by itself after this many seconds, as if sent SIGTERM."),
            .value("--log-format", "FORMAT", help: "text or json (default: the configuration's logging.format)."),
            .value("--log-level", "LEVEL", help: "debug, info, warning or error (default: the configuration's logging.level)."),
        ],
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        let configPath = invocation.value("--config")
        var configuration = try DefaultConfiguration.load(configPath)
        if let format = invocation.value("--log-format") {
            guard let value = LoggingSettings.Format(rawValue: format) else {
                throw CLIError.usage("--log-format: expected text or json, got \"\(format)\"")
            }
            configuration.logging.format = value
        }
        if let level = invocation.value("--log-level") {
            guard let value = LoggingSettings.Level(rawValue: level) else {
                throw CLIError.usage("--log-level: expected debug, info, warning or error, got \"\(level)\"")
            }
            configuration.logging.level = value
        }
        let duration = try invocation.value("--duration").map { _ in
            try invocation.integer("--duration", default: 0, in: 1...31_536_000)
        }
        let daemon = try Daemon(configuration: configuration, configPath: configPath)
        return try daemon.run(duration: duration.map { .seconds($0) })
    }
}
