import CommandLineKit
import Live
import Recording
import StrategyKit
import Trading

/// What a backtest's `--param` values apply to: the plugin `--strategy` names, on the embedded
/// configuration's risk limits and the recording's symbols, or the one strategy of a `--config`
/// file, whose configured parameters the values override (the rest of the file as written).
/// A local sweep and a planned one build every cell's configuration through it.
enum SweepBase: Sendable {
    /// The plugin `name`, called with the market data `data` names (`--market-data`).
    case strategy(String, data: MarketDataSubscription = .everyBook)
    case configuration(Configuration)

    /// The plugins a backtest of `strategy` (or, without one, of `configuration`) loads.
    static func plugins(strategy: String?, configuration: Configuration) throws -> PluginScan {
        guard let strategy else { return try configuration.loadPlugins() }
        return try PluginLoader.load(names: [strategy], directory: configuration.effectivePluginDirectory)
    }

    /// The configuration of one cell: `texts` are its `--param` values by name; `header` as
    /// `BacktestSetup.oneStrategy` takes it (a configuration keeps its own venue and symbols).
    /// An unknown plugin, a bad value or a configuration of several strategies is a usage error.
    func configuration(texts: [String: String], header: RecordingHeader?, scan: PluginScan) throws -> Configuration {
        switch self {
        case .strategy(let name, let data):
            var configuration = try BacktestSetup.oneStrategy(name, texts: texts, header: header, scan: scan)
            configuration.strategies[0].data = data
            return configuration
        case .configuration(var configuration):
            var settings = try Self.onlyStrategy(of: configuration)
            guard let plugin = scan.plugin(named: settings.plugin) else {
                throw CLIError.usage("--config: no plugin provides \(settings.plugin) (available: \(scan.available.joined(separator: ", ")))")
            }
            let schema = plugin.descriptor.parameters
            do {
                // Parsed by the schema's types, then only the given ones laid over the file's values
                // (parsing fills in defaults, which must not replace configured values).
                let given = try StrategyParameters(schema: schema, texts: texts).values.filter { texts[$0.key] != nil }
                settings.parameters.merge(given) { $1 }
                _ = try StrategyParameters(schema: schema, values: settings.parameters)
            } catch {
                throw CLIError.usage("--param \(error.parameterName): \(error.problem)")
            }
            configuration.strategies = [settings]
            return configuration
        }
    }

    /// The name of the plugin strategy every cell runs, for tables and the manifest.
    func strategyName() throws -> String {
        switch self {
        case .strategy(let name, _): return name
        case .configuration(let configuration): return try Self.onlyStrategy(of: configuration).plugin
        }
    }

    /// The one strategy of `configuration`: the one a `--param` can name the parameters of.
    private static func onlyStrategy(of configuration: Configuration) throws(CLIError) -> StrategySettings {
        guard configuration.strategies.count == 1, let settings = configuration.strategies.first else {
            throw .usage("--param with --config: the configuration must run one strategy, it runs \(configuration.strategies.count)")
        }
        return settings
    }
}
