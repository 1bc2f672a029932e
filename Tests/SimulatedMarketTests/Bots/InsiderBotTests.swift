import MatchingEngine
import SimulatedMarket
import StrategyKit
import Testing

/// The insider of making-amends: the same on every run of a seed, hidden behind a drawn name,
/// and trading ahead of the fair value's moves.
@Suite(.timeLimit(.minutes(10))) struct InsiderBotTests {
    private static let configuration = Level.makingAmends.bots

    /// `steps` steps of the level's bots on one stock, with the fair value after each.
    private static func run(seed: UInt64, steps: Int) -> (exchange: Exchange, bots: MarketBots, fairValues: [Int64], events: [MatchEvent]) {
        var exchange = Exchange(venue: "TESTEX", symbols: ["FOOBAR"])
        var bots = MarketBots(symbols: ["FOOBAR"], configuration: configuration, seed: seed)
        var fairValues: [Int64] = []
        var events: [MatchEvent] = []
        for step in 0..<steps {
            events += bots.step(at: Timestamp(nanoseconds: Int64(step + 1)), on: &exchange)
            fairValues.append(bots.fairValue(of: "FOOBAR")!.cents(rounded: .towardZero))
        }
        return (exchange, bots, fairValues, events)
    }

    @Test func theSameSeedGivesTheSameInsiderAndMarketAndAnotherSeedAnotherName() throws {
        let first = Self.run(seed: 11, steps: 300), second = Self.run(seed: 11, steps: 300)
        #expect(first.events == second.events)
        #expect(first.fairValues == second.fairValues)
        let insider = try #require(first.bots.insider)
        #expect(second.bots.insider == insider)
        #expect(first.bots.accounts.contains(insider) && first.bots.accounts.count == 9)
        let others = (12...20).compactMap { MarketBots(symbols: ["FOOBAR"], configuration: Self.configuration, seed: $0).insider }
        #expect(Set(others + [insider]).count == 10)
    }

    @Test func everyBotsNameIsDrawnLikeATradersAndNoneGivesItsRoleAway() throws {
        for seed: UInt64 in 1...20 {
            let accounts = MarketBots(symbols: ["FOOBAR"], configuration: Self.configuration, seed: seed).accounts
            #expect(Set(accounts).count == accounts.count)
            for account in accounts {
                let name = Array(account.rawValue.unicodeScalars)
                #expect(name.count == 9 && name.prefix(3).allSatisfy { ("A"..."Z").contains($0) } && name.suffix(6).allSatisfy { ("0"..."9").contains($0) })
                #expect(!["MMB", "TKB", "INS"].contains(String(account.rawValue.prefix(3))))
            }
            #expect(accounts == accounts.sorted())
        }
    }

    @Test func withoutDrawnNamesTheBotsKeepTheirNumberedNames() {
        #expect(MarketBots(symbols: ["FOOBAR"], configuration: BotConfiguration(bots: 2), seed: 1).accounts == ["MMB000001", "TKB000001"])
        #expect(MarketBots(symbols: ["FOOBAR"], configuration: BotConfiguration(bots: 2), seed: 1).insider == nil)
    }

    @Test func theInsiderBuysBeforeRisesAndSellsBeforeFallsAndProfits() throws {
        let lookahead = try #require(Self.configuration.insider).lookahead
        for seed: UInt64 in [1, 2, 3] {
            let (exchange, bots, fairValues, _) = Self.run(seed: seed, steps: 3_000)
            let insider = try #require(bots.insider)
            var favourable = 0, judged = 0
            var cash: Int64 = 0, position: Int64 = 0
            for order in exchange.orders(of: insider) {
                for fill in order.fills {
                    let step = Int(fill.ts.nanoseconds) - 1
                    cash -= order.side.sign * fill.qty.shares * fill.price.cents(rounded: .towardZero)
                    position += order.side.sign * fill.qty.shares
                    guard step + lookahead < fairValues.count else { continue }
                    judged += 1
                    if order.side.sign * (fairValues[step + lookahead] - fill.price.cents(rounded: .towardZero)) > 0 { favourable += 1 }
                }
            }
            #expect(judged >= 100, "seed \(seed): \(judged) fills")
            #expect(favourable * 10 >= judged * 9, "seed \(seed): \(favourable) of \(judged) fills ahead of a move its way")
            #expect(cash + position * fairValues.last! > 0, "seed \(seed)")
            // Modest: it trades less than the busiest other account.
            let busiest = bots.accounts.filter { $0 != insider }.map { exchange.orders(of: $0).reduce(0) { $0 + $1.fills.count } }.max()!
            #expect(exchange.orders(of: insider).reduce(0) { $0 + $1.fills.count } < busiest, "seed \(seed)")
        }
    }
}
