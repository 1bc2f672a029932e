/// A read-only view of a strategy's world that the engine passes to every callback.
///
/// `@frozen`: its stored properties are part of the SDK 1.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 2.0.
@frozen
public struct StrategyContext: Sendable {
    /// The id the configuration gave this strategy instance.
    public var strategyID: StrategyID
    /// The engine's clock: wall time live, simulated time in a backtest.
    public var now: Timestamp
    /// The strategy's validated parameters.
    public var parameters: StrategyParameters
    /// This strategy's positions by symbol; a symbol never traded is absent.
    public var positions: [Symbol: Position]
    /// This strategy's open orders, oldest first.
    public var openOrders: [OpenOrder]
    /// This strategy's cash: the sum of its fills' cash flows.
    public var cash: Money
    /// This strategy's realized plus unrealized profit and loss.
    public var pnl: Money

    @inlinable
    public init(
        strategyID: StrategyID, now: Timestamp, parameters: StrategyParameters,
        positions: [Symbol: Position] = [:], openOrders: [OpenOrder] = [], cash: Money = .zero,
        pnl: Money = .zero
    ) {
        self.strategyID = strategyID
        self.now = now
        self.parameters = parameters
        self.positions = positions
        self.openOrders = openOrders
        self.cash = cash
        self.pnl = pnl
    }

    /// The position in `symbol`, flat if never traded.
    @inlinable
    public func position(_ symbol: Symbol) -> Position { positions[symbol] ?? .flat }

    /// The open orders in `symbol`.
    @inlinable
    public func openOrders(_ symbol: Symbol) -> [OpenOrder] {
        openOrders.filter { $0.request.symbol == symbol }
    }
}
