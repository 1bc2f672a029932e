import StrategyKit

/// What the account holds and has working, as the engine knows it when an order is checked.
public struct RiskExposure: Sendable {
    /// Positions by strategy and symbol; absent means flat.
    public var positions: [StrategyID: [Symbol: Position]]
    /// Open orders (acknowledged or still on their way) by strategy, across symbols.
    public var openOrders: [StrategyID: [OpenOrder]]

    public init(positions: [StrategyID: [Symbol: Position]] = [:], openOrders: [StrategyID: [OpenOrder]] = [:]) {
        self.positions = positions
        self.openOrders = openOrders
    }

    /// The strategy's signed position in `symbol`.
    public func position(of strategy: StrategyID, in symbol: Symbol) -> Int64 {
        positions[strategy]?[symbol]?.quantity.shares ?? 0
    }

    /// The account's signed position in `symbol`, summed over strategies.
    public func accountPosition(in symbol: Symbol) -> Int64 {
        positions.values.reduce(0) { $0 + ($1[symbol]?.quantity.shares ?? 0) }
    }

    /// Remaining shares of the strategy's open orders on `side` in `symbol`.
    public func openQuantity(of strategy: StrategyID, in symbol: Symbol, side: Side) -> Int64 {
        Self.remaining(openOrders[strategy] ?? [], symbol: symbol, side: side)
    }

    /// Remaining shares of all strategies' open orders on `side` in `symbol`.
    public func accountOpenQuantity(in symbol: Symbol, side: Side) -> Int64 {
        openOrders.values.reduce(0) { $0 + Self.remaining($1, symbol: symbol, side: side) }
    }

    private static func remaining(_ orders: [OpenOrder], symbol: Symbol, side: Side) -> Int64 {
        var total: Int64 = 0
        for order in orders where order.request.symbol == symbol && order.request.side == side {
            total += order.remaining.shares
        }
        return total
    }
}
