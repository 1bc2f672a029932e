import CommandLineKit
import StrategyKit
import Trading
import Wire

/// `tickwork config check`: validate a configuration without trading.
enum ConfigCheck {
    static let command = Command(
        name: "check",
        summary: "Validate a configuration without trading.",
        discussion: """
            Reads the file (or the embedded default), checks every key, loads the plugins it \
            names (and no other) and validates each strategy's parameters against its plugin. \
            Prints one line naming the file and key at fault and exits 1 if anything is wrong. \
            The paths printed are absolute: relative ones in a file are resolved against the \
            file's directory, in the embedded default against the current directory.
            """,
        arguments: [file],
        options: [JSONOutput.flag],
        run: run
    )

    static let file: Argument<String?> = .optional(
        "FILE", help: "The configuration (default: $TICKWORK_CONFIG, else /etc/tickwork/tickwork.json, else the embedded config/tickwork.json).")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let configuration = try DefaultConfiguration.load(invocation[Self.file])
        let scan = try configuration.loadPlugins()
        let instances = try configuration.instantiateStrategies(from: scan)
        // A daemon that would poll EDGAR without a usable User-Agent is refused here as at start.
        _ = try Daemon.makeEdgarClient(configuration)
        let exchange = configuration.embeddedExchange == nil
            ? configuration.exchange.baseURL ?? ""
            : "the embedded exchange"
        let list = instances.map { "\($0.settings.id) (\($0.plugin.descriptor.name) \($0.plugin.descriptor.version))" }
        if invocation[JSONOutput.flag] {
            Console.out(try JSONOutput.encode(Checked(
                file: configuration.file, exchange: exchange, venue: configuration.exchange.venue.rawValue,
                account: configuration.exchange.account.rawValue, strategies: instances.map(\.settings.id.rawValue),
                ledger: configuration.ledger.path, riskStatePath: configuration.riskStatePath, plugins: configuration.effectivePluginDirectory)))
            return 0
        }
        Console.out("\(configuration.file): ok")
        let api = if case .alpaca(let alpaca) = configuration.exchange.api {
            "Alpaca's API\(alpaca.marketDataURL.map { " (market data: \($0))" } ?? "") at "
        } else { "" }
        Console.out("  exchange: \(api)\(exchange), venue \(configuration.exchange.venue), account \(configuration.exchange.account)")
        if let stream = configuration.streamSettings {
            Console.out("  stream: push stream, polling every \(DurationText.describe(stream.safetyPollInterval)) while it is up, "
                + "replaced after \(DurationText.describe(stream.stallTimeout)) of silence")
        }
        Console.out("  strategies: \(list.joined(separator: ", "))")
        Console.out("  ledger: \(configuration.ledger.path) (fsync \(configuration.ledger.fsync.rawValue))")
        Console.out("  trading states: \(configuration.riskStatePath)")
        Console.out("  plugins: \(configuration.effectivePluginDirectory)")
        if let notify = configuration.notify { Console.out("  notify: \(NotifyTest.describe(notify))") }
        if let edgar = configuration.edgar {
            let polling = edgar.poll ? "the daemon polls every \(DurationText.describe(edgar.pollInterval))" : "not polled by the daemon"
            Console.out("  edgar: \(edgar.dataURL), \(polling)")
        }
        return 0
    }

    /// What `--json` prints: the paths resolved, as the text says them.
    struct Checked: Encodable {
        var file: String
        var exchange: String
        var venue: String
        var account: String
        var strategies: [String]
        var ledger: String
        var riskStatePath: String
        var plugins: String
    }
}
