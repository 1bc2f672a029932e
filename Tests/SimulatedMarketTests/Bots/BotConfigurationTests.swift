import MatchingEngine
import SimulatedMarket
import StrategyKit
import Testing

/// The knobs the practice levels are calibrated with reach the bots.
@Suite(.timeLimit(.minutes(10))) struct BotConfigurationTests {
    @Test func makersQuoteInTenthsOfTheirQuoteSizeAndTakersStayWithinTheirMaximum() throws {
        let configuration = BotConfiguration(
            bots: 4, intensity: 300, volatility: 0, makerQuoteSize: 2_000, makerHalfSpread: 20...40, takerMaxSize: 300)
        let (exchange, bots, events) = try MarketBotsTests.run(seed: 7, steps: 200, configuration: configuration)
        let makers = Set(bots.accounts.filter { $0.rawValue.hasPrefix("MMB") })
        var quoteSizes: [Int64] = []
        for case .rested(let id, _, _) in events where makers.contains(exchange.account(of: id)!) {
            if let original = exchange.status(id)?.originalQty.shares { quoteSizes.append(original) }
        }
        #expect(!quoteSizes.isEmpty)
        #expect(quoteSizes.allSatisfy { $0 % 200 == 0 && (200...2_000).contains($0) })
        #expect(quoteSizes.contains { $0 > 1_000 })
        let takerSizes = bots.accounts.filter { $0.rawValue.hasPrefix("TKB") }
            .flatMap { exchange.orders(of: $0) }.map(\.originalQty.shares)
        #expect(!takerSizes.isEmpty)
        #expect(takerSizes.allSatisfy { (1...300).contains($0) })
        #expect(takerSizes.contains { $0 > 50 })
    }

    @Test func makersQuoteNoCloserToTheFairValueThanTheirHalfSpreadRange() throws {
        let configuration = BotConfiguration(bots: 1, intensity: 300, volatility: 0, makerHalfSpread: 20...40)
        let (exchange, _, _) = try MarketBotsTests.run(seed: 3, steps: 50, configuration: configuration)
        let quote = try #require(exchange.quote("FOOBAR", at: Timestamp(nanoseconds: 1)))
        let fair = configuration.startPrice.cents(rounded: .towardZero)
        // One maker and no taker: it stays flat, so its quotes carry no skew.
        #expect(try #require(quote.bid).cents(rounded: .towardZero) <= fair - 20)
        #expect(try #require(quote.ask).cents(rounded: .towardZero) >= fair + 20)
    }
}
