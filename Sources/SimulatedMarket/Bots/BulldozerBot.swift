import MatchingEngine
import StrategyKit

/// A large, aggressive trader on one symbol: now and then it starts a burst of sweeps, all in one
/// direction, each an immediate-or-cancel order for thousands of shares priced `sweepCents`
/// through the touch, so that it takes every quote in its way up to that price. Between bursts
/// it does nothing. It trades on no information: the fair value does not follow it, so the book
/// it leaves behind is restored by the makers' requotes.
struct BulldozerBot: Sendable {
    /// The chance per step, in millionths, that an idle bulldozer starts a burst.
    static let burstChance: Int64 = 40_000
    /// The chance per step, in millionths, that a bulldozer in a burst sends its next sweep.
    static let sweepChance: Int64 = 400_000
    /// Sweeps in one burst.
    static let sweepsPerBurst: ClosedRange<Int64> = 2...6
    /// How far through the touch a sweep is priced, in cents.
    static let sweepCents: Int64 = 15

    let account: Account
    /// The direction of the current burst.
    private(set) var direction: Side = .buy
    /// Sweeps left in the current burst; 0 between bursts.
    private(set) var sweepsLeft: Int64 = 0

    init(account: Account) {
        self.account = account
    }

    /// Starts a burst now and then when idle, and sends the burst's next sweep of up to `maxSize`
    /// shares now and then when in one, if the side it sweeps has any orders.
    mutating func step(
        _ symbol: Symbol, maxSize: Int64, at time: Timestamp, exchange: inout Exchange, random: inout SplitMix64,
        events: inout [MatchEvent]
    ) {
        if sweepsLeft == 0 {
            guard random.chance(perMillion: Self.burstChance) else { return }
            sweepsLeft = random.int(in: Self.sweepsPerBurst)
            direction = random.chance(perMillion: 500_000) ? .buy : .sell
        }
        guard random.chance(perMillion: Self.sweepChance) else { return }
        sweepsLeft -= 1
        guard let quote = exchange.quote(symbol, at: time), let touch = direction == .buy ? quote.ask : quote.bid else { return }
        let cents = touch.cents(rounded: .towardZero)
        let limit = direction == .buy ? cents + Self.sweepCents : max(1, cents - Self.sweepCents)
        do {
            try exchange.submit(
                symbol: symbol, account: account, side: direction, type: .immediateOrCancel, price: Price(cents: limit),
                qty: Quantity(shares: random.int(in: (maxSize / 3)...maxSize)), at: time, into: &events)
        } catch {
            preconditionFailure("the exchange refused a bot's order: \(error)")
        }
    }
}
