import Risk
import StrategyKit

/// A running strategy instance as the engine holds it, with the parts of its `StrategyContext`
/// that only change when the order tracker or the portfolio does, kept ready so that building
/// a context per book copies references instead of sorting orders and hashing names.
struct StrategySlot {
    let id: StrategyID
    var symbols: Set<Symbol>
    var parameters: StrategyParameters
    var strategy: any Strategy
    /// `OrderTracker.openOrders(of: id)` as of the tracker's last change.
    var openOrders: [OpenOrder] = []
    /// The strategy's positions, cash and total P&L as of the portfolio's last change.
    var positions: [Symbol: Position] = [:]
    var cash: Money = .zero
    var pnl: Money = .zero
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
