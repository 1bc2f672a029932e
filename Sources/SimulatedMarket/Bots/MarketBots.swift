import MatchingEngine
import StrategyKit

/// The bots that make a simulated venue a living market: per symbol, a fair value that takes a
/// random walk, market makers quoting around it and takers that cross the spread now and then,
/// each bot trading from its own account so that outside strategies can trade with them, earning
/// the spread or losing to the fair value's moves.
///
/// Deterministic: its only randomness is a `SplitMix64` seeded at creation, so the same seed and
/// the same outside orders applied to the exchange between the same steps give the same bot
/// orders, trades and books.
public struct MarketBots: Sendable {
    /// The bots' pace and numbers.
    public let configuration: BotConfiguration
    private var random: SplitMix64
    private var markets: [Market]

    private struct Market: Sendable {
        let symbol: Symbol
        var fairValue: Int64
        /// The fair value at the start, which `valuePullPercent` pulls back toward.
        let startValue: Int64
        var makers: [MarketMakerBot]
        var takers: [TakerBot]
        var bulldozers: [BulldozerBot]
        var chasers: [ChaserBot]
        var insider: InsiderBot?
        /// The fair value's next moves, drawn ahead when an insider trades the symbol (it
        /// knows them); empty otherwise, each move then drawn on its step.
        var upcoming: [Int64] = []
    }

    /// Bots for `symbols` (in this order) with fair values drawn from `seed`.
    public init(symbols: [Symbol], configuration: BotConfiguration = BotConfiguration(), seed: UInt64) {
        self.configuration = configuration
        var random = SplitMix64(seed: seed)
        let names = Self.names(configuration, seed: seed)
        // The bots think in whole cents, the exchange's tick.
        let start = configuration.startPrice.cents(rounded: .towardZero)
        let volatility = configuration.volatility.cents(rounded: .towardZero)
        markets = symbols.enumerated().map { index, symbol in
            let offset = index == 0 ? 0 : random.int(in: -(start / 5)...(start / 5))
            var market = Market(
                symbol: symbol, fairValue: max(100, start + offset), startValue: max(100, start + offset),
                makers: names.makers.map { maker in
                    MarketMakerBot(account: maker, halfSpread: random.int(in: configuration.makerHalfSpread),
                        quoteSize: configuration.makerQuoteSize.shares / 10)
                },
                takers: names.takers.map { TakerBot(account: $0) },
                bulldozers: (0..<configuration.bulldozersPerSymbol).map { BulldozerBot(account: Self.account("BDZ", $0)) },
                chasers: (0..<configuration.chasersPerSymbol).map { ChaserBot(account: Self.account("MCB", $0)) })
            if let insider = configuration.insider, let account = names.insider {
                market.insider = InsiderBot(account: account, configuration: insider)
                market.upcoming = (0..<insider.lookahead).map { _ in random.int(in: -volatility...volatility) }
            }
            return market
        }
        self.random = random
        insider = names.insider
        let all = names.makers + names.takers + (0..<configuration.bulldozersPerSymbol).map { Self.account("BDZ", $0) }
            + (0..<configuration.chasersPerSymbol).map { Self.account("MCB", $0) } + (names.insider.map { [$0] } ?? [])
        accounts = configuration.drawsAccountNames ? all.sorted { $0.rawValue < $1.rawValue } : all
    }

    /// The accounts the bots trade from, the same on every symbol: makers, takers, bulldozers,
    /// chasers, then the insider, or in name order when the names are drawn (so that the order
    /// tells nothing).
    public let accounts: [Account]

    /// The insider's account, when the configuration has one.
    public let insider: Account?

    /// The current fair value of `symbol`, if the bots trade it.
    public func fairValue(of symbol: Symbol) -> Price? {
        markets.first { $0.symbol == symbol }.map { Price(cents: $0.fairValue) }
    }

    /// Advances every symbol by one step at `time`: moves its fair value, lets each maker requote
    /// and each taker trade with the configured chances, applies their orders and cancels to
    /// `exchange`, and returns what happened. Every symbol must be listed on `exchange`.
    public mutating func step(at time: Timestamp, on exchange: inout Exchange) -> [MatchEvent] {
        var events: [MatchEvent] = []
        let volatility = configuration.volatility.cents(rounded: .towardZero)
        let positionLimit = configuration.makerPositionLimit.shares
        for index in markets.indices {
            let symbol = markets[index].symbol
            precondition(exchange.lists(symbol), "bots trade \(symbol), which the exchange does not list")
            // Chasers act first, on the book and the last trade as the outside orders since the
            // previous step left them: they chase what others did, not the bots' own requotes.
            for chaser in markets[index].chasers.indices {
                markets[index].chasers[chaser].step(
                    symbol, maxSize: configuration.chaserMaxSize.shares, at: time, exchange: &exchange, random: &random,
                    events: &events)
            }
            let move: Int64
            if markets[index].upcoming.isEmpty {
                move = random.int(in: -volatility...volatility)
            } else {
                markets[index].upcoming.append(random.int(in: -volatility...volatility))
                move = markets[index].upcoming.removeFirst()
            }
            markets[index].fairValue = max(100, markets[index].fairValue + move + drift(of: markets[index], on: exchange))
            let fairValue = markets[index].fairValue
            for maker in markets[index].makers.indices where random.chance(perMillion: configuration.requoteChance) {
                markets[index].makers[maker].requote(
                    symbol, fairValue: fairValue, positionLimit: positionLimit, at: time,
                    exchange: &exchange, random: &random, events: &events)
            }
            for taker in markets[index].takers where random.chance(perMillion: configuration.takeChance) {
                taker.take(
                    symbol, fairValue: fairValue, maxSize: configuration.takerMaxSize.shares, at: time, exchange: &exchange,
                    random: &random, events: &events)
            }
            for bulldozer in markets[index].bulldozers.indices {
                markets[index].bulldozers[bulldozer].step(
                    symbol, maxSize: configuration.bulldozerMaxSize.shares, at: time, exchange: &exchange, random: &random,
                    events: &events)
            }
            if markets[index].insider != nil {
                let future = max(100, fairValue + markets[index].upcoming.reduce(0, +))
                markets[index].insider!.trade(symbol, future: future, at: time, exchange: &exchange, random: &random, events: &events)
            }
        }
        return events
    }

    /// The fair value's move this step besides its random walk: toward the last trade by
    /// `tapeFollowPercent` of the gap beyond `tapeFollowDeadband`, and back toward its start by
    /// `valuePullPercent`, each rounded toward zero. Zero with both off.
    private func drift(of market: Market, on exchange: Exchange) -> Int64 {
        var drift = (market.startValue - market.fairValue) * configuration.valuePullPercent / 100
        if configuration.tapeFollowPercent > 0, let last = exchange.quote(market.symbol, at: .zero)?.last {
            let gap = last.cents(rounded: .towardZero) - market.fairValue
            let beyond = gap.signum() * max(0, abs(gap) - configuration.tapeFollowDeadband)
            drift += beyond * configuration.tapeFollowPercent / 100
        }
        return drift
    }

    /// The makers', takers' and insider's account names: numbered by role, or drawn from `seed`
    /// (from a generator of their own, so that the market's draws are the same either way),
    /// all different.
    private static func names(_ configuration: BotConfiguration, seed: UInt64) -> (makers: [Account], takers: [Account], insider: Account?) {
        let insiders = configuration.insider == nil ? 0 : 1
        guard configuration.drawsAccountNames else {
            return (
                (0..<configuration.makersPerSymbol).map { account("MMB", $0) }, (0..<configuration.takersPerSymbol).map { account("TKB", $0) },
                insiders == 0 ? nil : account("INS", 0)
            )
        }
        var random = SplitMix64(seed: seed ^ 0x6E61_6D65_735F_6F66)
        var drawn: [Account] = []
        while drawn.count < configuration.makersPerSymbol + configuration.takersPerSymbol + insiders {
            let letters = String((0..<3).map { _ in Character(Unicode.Scalar(UInt8(65 + random.int(in: 0...25)))) })
            let name = account(letters, Int(random.int(in: 0...999_998)))
            if !drawn.contains(name) { drawn.append(name) }
        }
        let makers = Array(drawn.prefix(configuration.makersPerSymbol))
        let takers = Array(drawn.dropFirst(makers.count).prefix(configuration.takersPerSymbol))
        return (makers, takers, insiders == 0 ? nil : drawn.last)
    }

    /// A StockFighter-looking account name: three letters and six digits, e.g. `MMB000001`.
    private static func account(_ prefix: String, _ index: Int) -> Account {
        let digits = String(index + 1)
        return Account(prefix + String(repeating: "0", count: max(0, 6 - digits.count)) + digits)
    }
}
