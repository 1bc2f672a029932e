import MatchingEngine
import StrategyKit

/// A momentum chaser on one symbol. It watches the last trade over its last `lookback` steps and
/// does nothing until the price has moved by `threshold` cents or more over that span, a move
/// larger than the quiet market makes on its own. Then it joins the run: every step, now and
/// then, it buys (after a rise; sells after a fall) with an immediate-or-cancel order a few cents
/// beyond the last trade, sized by how far the price has come since the run began, until it holds
/// its budget. When the run stalls (no new high, or low, for `stallSteps` steps) it dumps all it
/// holds with orders through the touch, the crash after the bubble, and rests for `restSteps`
/// steps before it watches again.
struct ChaserBot: Sendable {
    /// Steps of price history a chaser compares with.
    static let lookback = 20
    /// The smallest move over the lookback, in cents, that starts a run.
    static let threshold: Int64 = 15
    /// Shares per cent the price has come since the run began.
    static let sharesPerCent: Int64 = 10
    /// The chance per step, in millionths, that a chaser trades in a run (and that it joins one).
    static let actChance: Int64 = 600_000
    /// How many cents beyond the last trade a chaser's order in a run is priced.
    static let premium: ClosedRange<Int64> = 5...15
    /// Steps without a new extreme after which a run is over.
    static let stallSteps = 10
    /// How many cents through the touch a dumping chaser's order is priced.
    static let dumpSlip: Int64 = 5
    /// Steps a chaser rests after a dump before it watches the tape again.
    static let restSteps = 60

    /// What a chaser is doing.
    enum Mode: Equatable, Sendable {
        /// Watching the tape for a move.
        case watching
        /// In a run in direction `side`, which began at `start` cents and has reached `extreme`
        /// cents, `stalled` steps ago.
        case running(side: Side, start: Int64, extreme: Int64, stalled: Int)
        /// Selling (or buying back) everything it holds.
        case dumping
        /// Resting for `steps` more steps.
        case resting(steps: Int)
    }

    let account: Account
    private(set) var mode = Mode.watching
    /// Shares bought minus shares sold.
    private(set) var position: Int64 = 0
    /// The last trade's price, in cents, at each of the latest steps, oldest first.
    private(set) var history: [Int64] = []

    init(account: Account) {
        self.account = account
    }

    /// Records the last trade's price and acts on it as its mode says, with orders of up to
    /// `maxSize` shares held either way.
    mutating func step(
        _ symbol: Symbol, maxSize: Int64, at time: Timestamp, exchange: inout Exchange, random: inout SplitMix64,
        events: inout [MatchEvent]
    ) {
        guard let quote = exchange.quote(symbol, at: time), let last = quote.last?.cents(rounded: .towardZero) else { return }
        history.append(last)
        if history.count > Self.lookback + 1 { history.removeFirst(history.count - Self.lookback - 1) }
        switch mode {
        case .resting(let steps):
            mode = steps > 1 ? .resting(steps: steps - 1) : .watching
            if steps <= 1 { history = [last] }
        case .watching:
            guard history.count > Self.lookback, let oldest = history.first else { return }
            let move = last - oldest
            guard abs(move) >= Self.threshold, random.chance(perMillion: Self.actChance) else { return }
            mode = .running(side: move > 0 ? .buy : .sell, start: oldest, extreme: last, stalled: 0)
            run(symbol, maxSize: maxSize, last: last, at: time, exchange: &exchange, random: &random, events: &events)
        case .running(let side, let start, let extreme, let stalled):
            let further = side == .buy ? last > extreme : last < extreme
            let stall = further ? 0 : stalled + 1
            guard stall < Self.stallSteps else {
                mode = .dumping
                dump(symbol, quote: quote, at: time, exchange: &exchange, events: &events)
                return
            }
            mode = .running(side: side, start: start, extreme: further ? last : extreme, stalled: stall)
            run(symbol, maxSize: maxSize, last: last, at: time, exchange: &exchange, random: &random, events: &events)
        case .dumping:
            dump(symbol, quote: quote, at: time, exchange: &exchange, events: &events)
        }
    }

    /// Now and then, one order in the run's direction a few cents beyond the last trade, sized by
    /// the move since the run began and capped by what the budget has left.
    private mutating func run(
        _ symbol: Symbol, maxSize: Int64, last: Int64, at time: Timestamp, exchange: inout Exchange, random: inout SplitMix64,
        events: inout [MatchEvent]
    ) {
        guard case .running(let side, let start, _, _) = mode, random.chance(perMillion: Self.actChance) else { return }
        let room = maxSize - side.sign * position
        let size = min(room, Self.sharesPerCent * max(1, abs(last - start)))
        guard size > 0 else { return }
        let premium = random.int(in: Self.premium)
        submit(symbol, side: side, cents: side == .buy ? last + premium : max(1, last - premium), size: size, at: time, &exchange, &events)
    }

    /// Closes what it holds with one order through the touch; flat, it rests.
    private mutating func dump(_ symbol: Symbol, quote: Quote, at time: Timestamp, exchange: inout Exchange, events: inout [MatchEvent]) {
        guard position != 0 else {
            mode = .resting(steps: Self.restSteps)
            return
        }
        let side: Side = position > 0 ? .sell : .buy
        guard let touch = (side == .sell ? quote.bid : quote.ask)?.cents(rounded: .towardZero) else { return }
        let cents = side == .sell ? max(1, touch - Self.dumpSlip) : touch + Self.dumpSlip
        submit(symbol, side: side, cents: cents, size: abs(position), at: time, &exchange, &events)
    }

    /// Sends one immediate-or-cancel order and counts what it filled.
    private mutating func submit(
        _ symbol: Symbol, side: Side, cents: Int64, size: Int64, at time: Timestamp, _ exchange: inout Exchange,
        _ events: inout [MatchEvent]
    ) {
        do {
            let id = try exchange.submit(
                symbol: symbol, account: account, side: side, type: .immediateOrCancel, price: Price(cents: cents),
                qty: Quantity(shares: size), at: time, into: &events)
            position += side.sign * (exchange.status(id)?.totalFilled.shares ?? 0)
        } catch {
            preconditionFailure("the exchange refused a bot's order: \(error)")
        }
    }
}
