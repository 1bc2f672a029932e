import StrategyKit

/// What the account holds and has working, as the engine knows it when an order is checked.
///
/// The open orders are one flat list in no particular order, so the engine hands them over
/// without sorting or grouping; every question below is one pass over it.
public struct RiskExposure: Sendable {
    /// Positions by strategy and symbol; absent means flat.
    public var positions: [StrategyID: [Symbol: Position]]
    /// Open orders (acknowledged or still on their way) of every strategy, across symbols.
    public var orders: [ExposedOrder]

    public init(positions: [StrategyID: [Symbol: Position]], orders: [ExposedOrder]) {
        self.positions = positions
        self.orders = orders
    }

    /// An exposure with each strategy's open orders listed oldest first.
    public init(positions: [StrategyID: [Symbol: Position]] = [:], openOrders: [StrategyID: [OpenOrder]] = [:]) {
        self.init(
            positions: positions,
            orders: openOrders.flatMap { strategy, orders in
                orders.enumerated().map { ExposedOrder(strategyID: strategy, sequence: UInt64($0.offset), order: $0.element) }
            })
    }

    /// The strategy's signed position in `symbol`.
    public func position(of strategy: StrategyID, in symbol: Symbol) -> Int64 {
        positions.value(comparingFewKeys: strategy)?.value(comparingFewKeys: symbol)?.quantity.shares ?? 0
    }

    /// The account's signed position in `symbol`, summed over strategies.
    public func accountPosition(in symbol: Symbol) -> Int64 {
        var total: Int64 = 0
        for holdings in positions.values {
            total += holdings.value(comparingFewKeys: symbol)?.quantity.shares ?? 0
        }
        return total
    }

    /// How many open orders the strategy has, across symbols.
    public func openOrderCount(of strategy: StrategyID) -> Int {
        var count = 0
        for exposed in orders where exposed.strategyID == strategy {
            count += 1
        }
        return count
    }

    /// Remaining shares of the strategy's open orders on `side` in `symbol`.
    public func openQuantity(of strategy: StrategyID, in symbol: Symbol, side: Side) -> Int64 {
        remaining(in: symbol, side: side) { $0 == strategy }
    }

    /// Remaining shares of all strategies' open orders on `side` in `symbol`.
    public func accountOpenQuantity(in symbol: Symbol, side: Side) -> Int64 {
        remaining(in: symbol, side: side) { _ in true }
    }

    /// The first open order that `isMatch` accepts, taking strategies in increasing order and
    /// each strategy's orders in increasing `sequence`; nil if none does.
    public func firstOrder(where isMatch: (ExposedOrder) -> Bool) -> ExposedOrder? {
        var found: ExposedOrder?
        for exposed in orders where isMatch(exposed) {
            if let best = found, (best.strategyID, best.sequence) <= (exposed.strategyID, exposed.sequence) { continue }
            found = exposed
        }
        return found
    }

    private func remaining(in symbol: Symbol, side: Side, of isOwner: (StrategyID) -> Bool) -> Int64 {
        var total: Int64 = 0
        for exposed in orders where isOwner(exposed.strategyID) {
            let request = exposed.order.request
            if request.symbol == symbol && request.side == side { total += exposed.order.remaining.shares }
        }
        return total
    }
}
