import Risk
import StrategyKit

/// A running strategy instance as the engine holds it.
struct StrategySlot {
    let id: StrategyID
    var symbols: Set<Symbol>
    var parameters: StrategyParameters
    var strategy: any Strategy
}

/// What the engine is given to trade with: one entry per configured strategy.
public struct EngineStrategy {
    public var id: StrategyID
    public var symbols: [Symbol]
    public var parameters: StrategyParameters
    public var strategy: any Strategy
    public var limits: RiskLimits

    public init(id: StrategyID, symbols: [Symbol], parameters: StrategyParameters, strategy: any Strategy, limits: RiskLimits) {
        self.id = id
        self.symbols = symbols
        self.parameters = parameters
        self.strategy = strategy
        self.limits = limits
    }
}

extension EngineStrategy {
    /// The engine's view of a configured, instantiated strategy.
    public init(_ instance: StrategyInstance) {
        self.init(
            id: instance.settings.id, symbols: instance.settings.symbols, parameters: instance.parameters,
            strategy: instance.strategy, limits: instance.settings.risk)
    }
}
