import StrategyKit

extension CommandInvoker {
    /// Settles a placement of unknown outcome by looking the order up in the account's orders
    /// in its stock: an order matching side, type, price (any price for market orders),
    /// original quantity and a time between `sentAfter - clockSkew` and `failedAt + clockSkew`.
    ///
    /// Throws if the lookup itself fails; call it again later in that case.
    public func resolve(_ unknown: UnknownPlacement, clockSkew: Duration = .seconds(5)) async throws(ExchangeError)
        -> PlacementResolution
    {
        let order = unknown.order
        let orders = try await run(ListAccountStockOrders(venue: order.venue, account: order.account, symbol: order.symbol))
        let skew = clockSkew.components.seconds * 1_000_000_000 + clockSkew.components.attoseconds / 1_000_000_000
        let earliest = unknown.sentAfter.advanced(byNanoseconds: -skew)
        let latest = unknown.failedAt.advanced(byNanoseconds: skew)
        let matches = orders.filter { candidate in
            candidate.symbol == order.symbol && candidate.account == order.account && candidate.side == order.side
                && candidate.type == order.type && candidate.originalQty == order.qty
                && (order.type == .market || candidate.price == order.price)
                && candidate.ts >= earliest && candidate.ts <= latest
        }
        switch matches.count {
        case 0: return .notPlaced
        case 1: return .placed(matches[0])
        default: return .ambiguous(matches)
        }
    }
}
