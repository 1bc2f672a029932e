import MatchingEngine
import StrategyKit

/// A taker on one symbol: crosses the spread with an immediate-or-cancel order a few cents
/// through the touch, or a market order, leaning toward the side the fair value favours. Its
/// orders never rest.
struct TakerBot: Sendable {
    let account: Account

    /// Sends one order if the side it wants to hit has any orders.
    func take(
        _ symbol: Symbol, fairValue: Int64, maxSize: Int64, at time: Timestamp,
        exchange: inout Exchange, random: inout SplitMix64, events: inout [MatchEvent]
    ) {
        guard let quote = exchange.quote(symbol, at: time) else { preconditionFailure("bots trade listed symbols") }
        let mid = quote.bid.flatMap { bid in quote.ask.map { (bid.cents(rounded: .towardZero) + $0.cents(rounded: .towardZero)) / 2 } }
        // Two times in three the taker trades toward the fair value; otherwise it is noise.
        let towardFair: Side = fairValue >= (mid ?? fairValue) ? .buy : .sell
        let side = random.chance(perMillion: 666_667) ? towardFair : towardFair.opposite
        guard let touch = side == .buy ? quote.ask : quote.bid else { return }
        let isMarket = random.chance(perMillion: 150_000)
        let slip = random.int(in: 0...3)
        let limit = side == .buy ? touch.cents(rounded: .towardZero) + slip : max(1, touch.cents(rounded: .towardZero) - slip)
        do {
            try exchange.submit(
                symbol: symbol, account: account, side: side, type: isMarket ? .market : .immediateOrCancel,
                price: Price(cents: limit), qty: Quantity(shares: random.int(in: 1...maxSize)), at: time, into: &events)
        } catch {
            preconditionFailure("the exchange refused a bot's order: \(error)")
        }
    }
}
