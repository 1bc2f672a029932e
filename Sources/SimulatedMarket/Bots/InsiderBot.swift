import MatchingEngine
import StrategyKit

/// The insider on one symbol (`InsiderConfiguration`): told the fair value some steps ahead, it
/// crosses the spread with an immediate-or-cancel order at the touch when that future value is
/// beyond the touch by the configured margin, within its position limit. Its orders never rest.
struct InsiderBot: Sendable {
    let account: Account
    let configuration: InsiderConfiguration
    /// Shares bought minus shares sold, from its orders' fills as they come back.
    private(set) var position: Int64 = 0

    init(account: Account, configuration: InsiderConfiguration) {
        self.account = account
        self.configuration = configuration
    }

    /// The side the insider trades with the fair value `future` cents ahead and the book's
    /// `quote`, if any: a buy when `future` clears the ask by the margin, a sell when it is
    /// under the bid by as much, either only within the position limit.
    func side(future: Int64, quote: Quote) -> Side? {
        let limit = configuration.positionLimit.shares
        if let ask = quote.ask?.cents(rounded: .towardZero), future - ask >= configuration.margin, position < limit { return .buy }
        if let bid = quote.bid?.cents(rounded: .towardZero), bid - future >= configuration.margin, position > -limit { return .sell }
        return nil
    }

    /// Trades once if its knowledge of `future`, the fair value `lookahead` steps ahead, favours
    /// a side and the step's draw says so.
    mutating func trade(
        _ symbol: Symbol, future: Int64, at time: Timestamp, exchange: inout Exchange, random: inout SplitMix64,
        events: inout [MatchEvent]
    ) {
        guard random.chance(perMillion: Int64(configuration.tradeChance) * 10_000) else { return }
        guard let quote = exchange.quote(symbol, at: time), let side = side(future: future, quote: quote),
            let touch = side == .buy ? quote.ask : quote.bid
        else { return }
        let room = configuration.positionLimit.shares + (side == .buy ? -position : position)
        let qty = min(random.int(in: 1...configuration.maxSize.shares), max(1, room))
        do {
            let id = try exchange.submit(
                symbol: symbol, account: account, side: side, type: .immediateOrCancel, price: touch, qty: Quantity(shares: qty),
                at: time, into: &events)
            guard let status = exchange.status(id) else { preconditionFailure("a bot order vanished") }
            position += side.sign * status.totalFilled.shares
        } catch {
            preconditionFailure("the exchange refused a bot's order: \(error)")
        }
    }
}
