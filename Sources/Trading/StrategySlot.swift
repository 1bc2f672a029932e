import Risk
import StrategyKit

/// A running strategy instance as the engine holds it, with its `StrategyContext` kept ready:
/// open orders as of the order tracker's last change, positions, cash and P&L as of the
/// portfolio's, so that a callback neither sorts orders nor hashes names. The context is lent
/// to each callback (see `TradingEngine.call`) and nil only while it is: nothing in the engine
/// runs then, so the engine's writes to it unwrap it (and would trap on a re-entry bug).
struct StrategySlot {
    var symbols: Set<Symbol>
    var strategy: any Strategy {
        didSet { readsBookView = strategy.readsBookView }
    }
    /// `strategy.readsBookView`, asked once: which of the two book callbacks the engine calls.
    private(set) var readsBookView: Bool
    var context: StrategyContext?
    let id: StrategyID

    init(id: StrategyID, symbols: Set<Symbol>, parameters: StrategyParameters, strategy: any Strategy) {
        self.id = id
        self.symbols = symbols
        self.strategy = strategy
        readsBookView = strategy.readsBookView
        context = StrategyContext(strategyID: id, now: Timestamp(nanoseconds: 0), parameters: parameters)
    }
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
