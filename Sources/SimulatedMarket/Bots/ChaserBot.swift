import MatchingEngine
import StrategyKit

/// A momentum chaser on one symbol: it remembers the last trade's price over its last
/// `lookback` steps, and now and then buys after the price rose by `threshold` cents or more over
/// that span and sells after it fell as much, with an immediate-or-cancel order a few cents
/// through the touch whose size grows with the move. It holds what it buys: only a move the other
/// way makes it sell.
struct ChaserBot: Sendable {
    /// Steps of price history a chaser compares with.
    static let lookback = 20
    /// The smallest move over the lookback, in cents, that makes it trade.
    static let threshold: Int64 = 4
    /// Shares per cent of the move beyond the threshold.
    static let sharesPerCent: Int64 = 40
    /// The chance per step, in millionths, that a chaser acts on a move it sees.
    static let actChance: Int64 = 300_000

    let account: Account
    /// The last trade's price, in cents, at each of the latest steps, oldest first.
    private(set) var history: [Int64] = []

    init(account: Account) {
        self.account = account
    }

    /// Records the last trade's price and, now and then, chases the move over the lookback with an
    /// order of up to `maxSize` shares.
    mutating func step(
        _ symbol: Symbol, maxSize: Int64, at time: Timestamp, exchange: inout Exchange, random: inout SplitMix64,
        events: inout [MatchEvent]
    ) {
        guard let quote = exchange.quote(symbol, at: time), let last = quote.last?.cents(rounded: .towardZero) else { return }
        history.append(last)
        if history.count > Self.lookback + 1 { history.removeFirst(history.count - Self.lookback - 1) }
        guard history.count > Self.lookback, let oldest = history.first else { return }
        let move = last - oldest
        guard move.magnitude >= Self.threshold, random.chance(perMillion: Self.actChance) else { return }
        let side: Side = move > 0 ? .buy : .sell
        guard let touch = side == .buy ? quote.ask : quote.bid else { return }
        let cents = touch.cents(rounded: .towardZero)
        let slip = random.int(in: 0...3)
        let size = min(maxSize, Self.sharesPerCent * (Int64(move.magnitude) - Self.threshold + 1))
        do {
            try exchange.submit(
                symbol: symbol, account: account, side: side, type: .immediateOrCancel,
                price: Price(cents: side == .buy ? cents + slip : max(1, cents - slip)), qty: Quantity(shares: size), at: time,
                into: &events)
        } catch {
            preconditionFailure("the exchange refused a bot's order: \(error)")
        }
    }
}
