import MatchingEngine
import StrategyKit

/// A market maker on one symbol: quotes `levels` prices on each side around the fair value,
/// shifted against its position, and replaces all its quotes when it requotes.
struct MarketMakerBot: Sendable {
    static let levels = 3
    let account: Account
    /// Distance of the first quote from the fair value, in cents.
    let halfSpread: Int64
    /// A tenth of the largest quote, in shares: each quote is one to ten of these.
    let quoteSize: Int64
    private(set) var openOrders: [OrderID] = []
    /// Shares bought minus shares sold, counted when orders are retired.
    private(set) var position: Int64 = 0

    init(account: Account, halfSpread: Int64, quoteSize: Int64) {
        self.account = account
        self.halfSpread = halfSpread
        self.quoteSize = quoteSize
    }

    /// Cancels every order this maker has out (learning what they filled), then quotes afresh
    /// around `fairValue`. Cancelling first means the new quotes can never meet its own.
    mutating func requote(
        _ symbol: Symbol, fairValue: Int64, positionLimit: Int64, at time: Timestamp,
        exchange: inout Exchange, random: inout SplitMix64, events: inout [MatchEvent]
    ) {
        for id in openOrders {
            exchange.cancel(id, at: time, into: &events)
            guard let status = exchange.status(id) else { preconditionFailure("a bot order vanished") }
            position += status.side.sign * status.totalFilled.shares
        }
        openOrders.removeAll(keepingCapacity: true)
        // One cent of skew per 20 shares held, at most the half-spread, so quotes never cross.
        let skew = max(-halfSpread + 1, min(halfSpread - 1, -position / 20))
        for level in 0..<Int64(Self.levels) {
            let gap = level * (1 + random.int(in: 0...2))
            if position < positionLimit {
                place(.buy, fairValue - halfSpread - gap + skew, symbol, time, &exchange, &random, &events)
            }
            if position > -positionLimit {
                place(.sell, fairValue + halfSpread + gap + skew, symbol, time, &exchange, &random, &events)
            }
        }
    }

    private mutating func place(
        _ side: Side, _ price: Int64, _ symbol: Symbol, _ time: Timestamp,
        _ exchange: inout Exchange, _ random: inout SplitMix64, _ events: inout [MatchEvent]
    ) {
        guard price > 0 else { return }
        do {
            let id = try exchange.submit(
                symbol: symbol, account: account, side: side, type: .limit, price: Price(cents: price),
                qty: Quantity(shares: quoteSize * random.int(in: 1...10)), at: time, into: &events)
            openOrders.append(id)
        } catch {
            preconditionFailure("the exchange refused a bot's quote: \(error)")
        }
    }
}
