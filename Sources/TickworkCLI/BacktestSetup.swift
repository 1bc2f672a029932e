import Backtest
import CommandLineKit
import FoundationEssentials
import Ledger
import Live
import Recording
import StrategyKit
import Trading

/// What `tickwork backtest` trades with: the configuration (given, or the embedded default
/// narrowed to one strategy), its plugins and the simulated venue's settings. It builds, per
/// run, the same engine, strategies and risk checker as `tickwork run`.
struct BacktestSetup {
    var configuration: Configuration
    let scan: PluginScan
    let venue: ReplayVenueConfiguration

    /// The setup for `configuration`'s venue and account with `--latency` (orders and
    /// cancels alike) and `--fee` (per share, taker and maker alike).
    init(configuration: Configuration, scan: PluginScan, latencyMilliseconds latency: Int64, feeCents fee: Int64) {
        self.configuration = configuration
        self.scan = scan
        venue = ReplayVenueConfiguration(
            venue: configuration.exchange.venue, account: configuration.exchange.account, orderLatencyMilliseconds: latency,
            cancelLatencyMilliseconds: latency, fees: FeeSchedule(takerPerShare: Money(cents: fee), makerPerShare: Money(cents: fee)),
            extendedHours: Self.extendedHours(of: configuration))
    }

    /// Whether the configuration's broker sends limit day orders as extended-hours orders
    /// (Alpaca's `exchange.extendedHours`).
    private static func extendedHours(of configuration: Configuration) -> Bool {
        guard case .alpaca(let settings) = configuration.exchange.api else { return false }
        return settings.extendedHours
    }

    /// The one-strategy configuration for `--strategy NAME`: the embedded default's risk
    /// limits, with the plugin `name` trading the recording's symbols on its venue. `texts` are
    /// the `--param` values; a `symbol` parameter left unset is the recording's first symbol.
    /// With no header (to check a command line before reading anything) the default's venue
    /// and no symbols. An unknown plugin or a bad parameter is a usage error.
    static func oneStrategy(
        _ name: String, texts: [String: String], header: RecordingHeader?, scan: PluginScan
    ) throws -> Configuration {
        var configuration = try DefaultConfiguration.embedded()
        guard var settings = configuration.strategies.first else {
            preconditionFailure("the embedded configuration has a strategy")
        }
        guard let plugin = scan.plugin(named: name) else {
            let available = scan.available.joined(separator: ", ")
            throw CLIError.usage("--strategy: no plugin provides \(name) (available: \(available))")
        }
        var texts = texts
        if texts["symbol"] == nil, let symbol = header?.symbols.first,
           plugin.descriptor.parameters.contains(where: { $0.name == "symbol" && $0.kind == .string }) {
            texts["symbol"] = symbol.rawValue
        }
        let parameters: StrategyParameters
        do {
            parameters = try StrategyParameters(schema: plugin.descriptor.parameters, texts: texts)
        } catch {
            throw CLIError.usage("--param \(error.parameterName): \(error.problem)")
        }
        settings.id = StrategyID(rawValue: name.lowercased())
        settings.plugin = name
        settings.symbols = header?.symbols ?? []
        settings.parameters = parameters.values
        configuration.strategies = [settings]
        if let header { configuration.exchange.venue = header.venue }
        return configuration
    }

    /// A fresh backtester for one run; fills also go to a ledger at `ledgerPath` (replaced if
    /// it exists) in the live format, when given. Returns the ledger to close after the run.
    func makeBacktester(ledgerPath: String?) throws -> (Backtester, LedgerWriter?) {
        let instances = try configuration.instantiateStrategies(from: scan)
        var ledger: LedgerWriter?
        if let ledgerPath {
            if FileManager.default.fileExists(atPath: ledgerPath) {
                try FileManager.default.removeItem(atPath: ledgerPath)
            }
            ledger = try LedgerWriter(
                path: ledgerPath, venue: configuration.exchange.venue, account: configuration.exchange.account,
                durability: .never)
        }
        let journal = ledger.map(LedgerFillJournal.init)
        let configuration = self.configuration
        let backtester = Backtester(venue: venue, ledger: journal) { journal in
            TradingEngine(
                venue: configuration.exchange.venue, strategies: instances.map(EngineStrategy.init),
                accountLimits: configuration.accountRisk, journal: journal,
                logger: Logger(part: "engine", level: .error, handler: StderrLogHandler(style: .text)))
        }
        return (backtester, ledger)
    }
}
