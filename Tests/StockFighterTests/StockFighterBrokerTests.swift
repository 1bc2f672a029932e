import Brokerage
import StockFighter
import StrategyKit
import Testing

/// The StockFighter client as a `Broker`: each call reaches the venue, and each failure keeps
/// its description and is sorted by whether the exchange may have acted on it.
@Suite(.timeLimit(.minutes(10))) struct StockFighterBrokerTests {
    @Test func everyBrokerCallReachesTheVenueForTheBrokersAccount() async throws {
        try await withVenue { baseURL in
            let broker: any Broker = StockFighterBroker(client: try client(baseURL), account: account)
            let request = OrderRequest(symbol: foobar, side: .buy, price: 5_000, qty: 100, tag: "local")
            let placed = try await broker.place(request, venue: testex)
            #expect(placed.account == account && placed.open && placed.originalQty == 100 && placed.price == 5_000)
            let book = try await broker.book(venue: testex, symbol: foobar)
            #expect(book.bids == [BookEntry(price: 5_000, qty: 100, isBuy: true)] && book.sequence == 0)
            #expect(try await broker.status(venue: testex, symbol: foobar, id: placed.id).id == placed.id)
            #expect(try await broker.orders(venue: testex).map(\.id) == [placed.id])
            let cancelled = try await broker.cancel(venue: testex, symbol: foobar, id: placed.id)
            #expect(!cancelled.open)
            #expect(try await broker.orders(venue: testex).allSatisfy { !$0.open })
        }
    }

    /// The last trade is the quote's `last`, `lastSize` and `lastTrade`; none before the first
    /// trade; the session is always open.
    @Test func theLastTradeIsTheQuotesAndTheMarketIsAlwaysOpen() async throws {
        try await withVenue { baseURL in
            let exchange = try client(baseURL)
            let broker = StockFighterBroker(client: exchange, account: account)
            #expect(try await broker.lastTrade(venue: testex, symbol: foobar) == nil)
            _ = try await exchange.placeOrder(order(.buy, 100, at: 5_000))
            _ = try await exchange.placeOrder(order(.sell, 30, at: 4_990))
            let quote = try await exchange.quote(venue: testex, symbol: foobar)
            let trade = try #require(try await broker.lastTrade(venue: testex, symbol: foobar))
            #expect(trade.symbol == foobar && trade.price == 5_000 && trade.qty == 30 && !trade.isOurs)
            #expect(trade.time == quote.lastTrade)
            #expect(try await broker.session(venue: testex) == .alwaysOpen)
        }
    }

    @Test func aRefusalIsARejectionWithTheExchangesDescription() async throws {
        try await withVenue { baseURL in
            let broker = StockFighterBroker(client: try client(baseURL), account: account)
            let request = OrderRequest(symbol: "NOSUCH", side: .buy, price: 5_000, qty: 1)
            do throws(BrokerError) {
                _ = try await broker.place(request, venue: testex)
                Issue.record("an order in an unknown stock was placed")
            } catch {
                guard case .rejected(let message) = error else {
                    Issue.record("expected a rejection, got \(error)")
                    return
                }
                #expect(message.contains("NOSUCH"))
            }
        }
    }

    @Test func aSubPennyLimitIsRejectedUnsentAndNothingReachesTheExchange() async throws {
        try await withVenue { baseURL in
            let broker = StockFighterBroker(client: try client(baseURL), account: account)
            let request = OrderRequest(symbol: foobar, side: .buy, price: Price(units: 500_050), qty: 1)
            do throws(BrokerError) {
                _ = try await broker.place(request, venue: testex)
                Issue.record("a sub-penny limit was sent")
            } catch {
                #expect(error == .rejected("POST order buy 1 FOOBAR @ 50.005: the StockFighter API trades in whole cents"))
            }
            #expect(try await broker.orders(venue: testex).isEmpty)
        }
    }

    @Test func failuresAreSortedByWhetherTheExchangeMayHaveActed() {
        let placement = UnknownPlacement(
            order: order(.buy, 1, at: 5_000), sentAfter: Timestamp(nanoseconds: 1), failedAt: Timestamp(nanoseconds: 2), cause: "timed out")
        let unknown: [ExchangeError] = [.outcomeUnknown(placement), .transport(.timedOut("POST /orders after 5 s")), .transport(.connectionLost("POST /orders"))]
        let refused: [ExchangeError] = [.rejected(status: 400, message: "bad"), .unauthorized(message: "key"), .notFound(message: "venue")]
        let notActed: [ExchangeError] = [
            .transport(.couldNotConnect("refused")), .httpStatus(503, message: "busy"), .undecodable("body"), .transport(.invalidBaseURL("ftp://x")),
        ]
        for error in unknown { #expect(error.brokerError == .outcomeUnknown(error.description)) }
        for error in refused { #expect(error.brokerError == .rejected(error.description)) }
        for error in notActed { #expect(error.brokerError == .notActedOn(error.description)) }
        #expect(ExchangeError.transport(.timedOut("GET /x")).brokerError.description == "timed out: GET /x")
    }
}
