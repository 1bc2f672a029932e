import StrategyKit
import Trading

extension EngineStrategy {
    /// The engine's view of a configured, instantiated strategy.
    public init(_ instance: StrategyInstance) {
        self.init(
            id: instance.settings.id, symbols: instance.settings.symbols, parameters: instance.parameters,
            strategy: instance.strategy, limits: instance.settings.risk, data: instance.settings.data)
    }
}
