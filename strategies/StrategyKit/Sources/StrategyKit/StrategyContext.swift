/// A read-only view of a strategy's world that the engine passes to every callback.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
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
    /// Whether the market is open and when it next closes (SDK 4.0).
    public var session: MarketSession

    @inlinable
    public init(
        strategyID: StrategyID, now: Timestamp, parameters: StrategyParameters,
        positions: [Symbol: Position] = [:], openOrders: [OpenOrder] = [], cash: Money = .zero,
        pnl: Money = .zero, session: MarketSession = .alwaysOpen
    ) {
        self.strategyID = strategyID
        self.now = now
        self.parameters = parameters
        self.positions = positions
        self.openOrders = openOrders
        self.cash = cash
        self.pnl = pnl
        self.session = session
    }

    /// The position in `symbol`, flat if never traded.
    ///
    /// Called on every book by most strategies, and a strategy holds a few symbols at most, so
    /// up to `positionScanLimit` positions are compared by symbol rather than hashing `symbol`
    /// for a dictionary lookup (hashing a string costs more than comparing it with a few keys).
    public func position(_ symbol: Symbol) -> Position {
        guard positions.count <= Self.positionScanLimit else { return positions[symbol] ?? .flat }
        for (held, position) in positions where held == symbol {
            return position
        }
        return .flat
    }

    /// The most positions `position(_:)` looks through one by one.
    static var positionScanLimit: Int { 4 }

    /// The open orders in `symbol`.
    public func openOrders(_ symbol: Symbol) -> [OpenOrder] {
        openOrders.filter { $0.request.symbol == symbol }
    }
}
