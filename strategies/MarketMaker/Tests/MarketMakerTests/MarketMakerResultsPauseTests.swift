import MarketMaker
import StrategyKit
import Testing

/// `pauseOnResultsMinutes`: an 8-K with item 2.02 of its stock withdraws the quotes for that
/// long; other filings, other stocks and a pause of 0 change nothing.
extension MarketMakerTests {
    func filing(form: String = "8-K", items: [String] = ["2.02", "9.01"], symbol: Symbol = "FOOBAR") -> Filing {
        Filing(
            symbol: symbol, form: form, accessionNumber: "0000320193-26-000001", accepted: .zero, filingDate: "2026-12-01", items: items,
            documentURL: "https://www.sec.gov/Archives/edgar/data/320193/000032019326000001/x.htm", companyName: "Foobar Inc.")
    }

    @Test func resultsWithdrawBothQuotesAndQuotingWaitsForThePausesEnd() throws {
        let (strategy, parameters) = try make(["pauseOnResultsMinutes": .integer(30)])
        let quotes = quoted(strategy, parameters)
        let pauseEnd = Timestamp.zero.advanced(byMilliseconds: 1_000 + 30 * 60_000)
        #expect(strategy.onFiling(filing(), context: context(parameters, orders: quotes, atMs: 1_000))
            == [.cancel(1), .cancel(2), .setTimer("mm-results-pause", at: pauseEnd)])
        // The cancels closed the quotes; books during the pause place nothing.
        let market = book(bid: (4_990, 200), ask: (5_010, 200))
        #expect(strategy.onBook(market, context: context(parameters, atMs: 60_000)).isEmpty)
        #expect(strategy.onBook(market, context: context(parameters, atMs: 1_000 + 30 * 60_000 - 1)).isEmpty)
        // The timer ends it: quotes again from the last market.
        #expect(strategy.onTimer("mm-results-pause", context: context(parameters, atMs: 1_000 + 30 * 60_000))
            == [place(.buy, 4_995, tag: "mm-buy-3"), place(.sell, 5_005, tag: "mm-sell-4")])
    }

    @Test func aQuoteAcknowledgedDuringThePauseIsCancelledToo() throws {
        let (strategy, parameters) = try make(["pauseOnResultsMinutes": .integer(5)])
        // Placed, not yet acknowledged, when the results come: nothing to cancel yet.
        let intents = strategy.onBook(book(bid: (4_990, 200), ask: (5_010, 200)), context: context(parameters))
        let unacknowledged = intents.compactMap { intent -> OpenOrder? in
            guard case .place(let request) = intent else { return nil }
            return OpenOrder(id: nil, request: request)
        }
        #expect(strategy.onFiling(filing(), context: context(parameters, orders: unacknowledged)).count == 1, "the timer alone")
        let acknowledged = unacknowledged.enumerated().map { OpenOrder(id: OrderID(Int64($0.offset + 1)), request: $0.element.request) }
        let update = OrderUpdate.accepted(1, acknowledged[0].request)
        #expect(strategy.onOrderUpdate(update, context: context(parameters, orders: acknowledged, atMs: 10)) == [.cancel(1), .cancel(2)])
    }

    @Test func otherFilingsOtherStocksAndNoPauseLeaveTheQuotes() throws {
        let (paused, pausedParameters) = try make(["pauseOnResultsMinutes": .integer(30)])
        let quotes = quoted(paused, pausedParameters)
        #expect(paused.onFiling(filing(items: ["5.02"]), context: context(pausedParameters, orders: quotes)).isEmpty)
        #expect(paused.onFiling(filing(form: "10-Q", items: []), context: context(pausedParameters, orders: quotes)).isEmpty)
        #expect(paused.onFiling(filing(symbol: "OTHER"), context: context(pausedParameters, orders: quotes)).isEmpty)
        let (unpaused, parameters) = try make()
        let own = quoted(unpaused, parameters)
        #expect(unpaused.onFiling(filing(), context: context(parameters, orders: own)).isEmpty)
    }
}
