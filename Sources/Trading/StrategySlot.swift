import Risk
import StrategyKit

/// A running strategy instance as the engine holds it, with its `StrategyContext` kept ready:
/// open orders as of the order tracker's last change, positions, cash and P&L as of the
/// portfolio's, so that a callback neither sorts orders nor hashes names. The context is lent
/// to each callback (see `TradingEngine.call`) and nil only while it is: nothing in the engine
/// runs then, so the engine's writes to it unwrap it (and would trap on a re-entry bug).
struct StrategySlot {
    var symbols: Set<Symbol>
    var strategy: any Strategy
    var context: StrategyContext?
    let id: StrategyID
    /// The market data the strategy is called with.
    var data: MarketDataSubscription {
        didSet { books = data.books }
    }
    /// `data.books`, read on every book without touching the rest of `data`.
    private(set) var books: MarketDataSubscription.Books?
    /// With `quotes`: the touch without the strategy's orders in its latest book, by symbol.
    var lastQuotes: [(symbol: Symbol, touch: Touch)] = []
    /// With `books:N`: the top levels of its latest book, by symbol.
    var lastLevels: [(symbol: Symbol, levels: [BookLevel])] = []
    /// The engine's count of order and holding changes when the strategy was last given a book.
    var seenChanges = 0
    /// The strategy's timers, in the order they were set.
    var timers: [(id: TimerID, due: Timestamp)] = []

    init(id: StrategyID, symbols: Set<Symbol>, parameters: StrategyParameters, strategy: any Strategy, data: MarketDataSubscription) {
        self.id = id
        self.symbols = symbols
        self.strategy = strategy
        self.data = data
        books = data.books
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
    /// The market data the strategy is called with; every book by default.
    public var data: MarketDataSubscription

    public init(
        id: StrategyID, symbols: [Symbol], parameters: StrategyParameters, strategy: any Strategy, limits: RiskLimits,
        data: MarketDataSubscription = .everyBook
    ) {
        self.id = id
        self.symbols = symbols
        self.parameters = parameters
        self.strategy = strategy
        self.limits = limits
        self.data = data
    }
}
