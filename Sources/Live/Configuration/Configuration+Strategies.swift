import StrategyKit

/// A configured strategy made from its plugin, ready for the engine.
public struct StrategyInstance {
    public var settings: StrategySettings
    public var parameters: StrategyParameters
    public var plugin: LoadedPlugin
    public var strategy: any Strategy
}

extension Configuration {
    /// The plugin directory in force: the configured one, or the executable's own.
    public var effectivePluginDirectory: String {
        pluginDirectory ?? PluginLoader.executableDirectory
    }

    /// Loads the plugins of the configured strategies from `effectivePluginDirectory`, and no
    /// other file there (`tickwork strategies list` is the one command that loads them all).
    public func loadPlugins() throws(PluginError) -> PluginScan {
        try PluginLoader.load(names: strategies.map(\.plugin), directory: effectivePluginDirectory)
    }

    /// Makes every configured strategy from the plugins in `scan`. A strategy whose plugin is
    /// missing, or whose parameters its plugin refuses, stops everything with an error naming
    /// the key.
    public func instantiateStrategies(from scan: PluginScan) throws -> [StrategyInstance] {
        var instances: [StrategyInstance] = []
        for (index, settings) in strategies.enumerated() {
            let keyPath = "strategies[\(index)]"
            guard let plugin = scan.plugin(named: settings.plugin) else {
                let expectedFile = "lib\(settings.plugin).so"
                if let failure = scan.failures.first(where: { $0.path?.hasSuffix("/" + expectedFile) == true }) {
                    throw failure
                }
                throw ConfigurationError(
                    file: file, keyPath: "\(keyPath).plugin",
                    message: PluginError.unknownStrategy(
                        name: settings.plugin, directory: effectivePluginDirectory,
                        available: scan.available
                    ).description)
            }
            let parameters: StrategyParameters
            do {
                parameters = try StrategyParameters(schema: plugin.descriptor.parameters, values: settings.parameters)
            } catch {
                throw ConfigurationError(
                    file: file, keyPath: "\(keyPath).parameters.\(error.parameterName)", message: error.problem)
            }
            let strategy: any Strategy
            do {
                strategy = try plugin.descriptor.factory(parameters)
            } catch {
                throw ConfigurationError(file: file, keyPath: "\(keyPath).parameters", message: "\(error)")
            }
            instances.append(StrategyInstance(settings: settings, parameters: parameters, plugin: plugin, strategy: strategy))
        }
        return instances
    }
}
