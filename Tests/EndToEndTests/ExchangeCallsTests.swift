import Foundation
import Testing
import TestSupport

/// The one-call exchange commands against a spawned `tickwork exchange`.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct ExchangeCallsTests {
    @Test func everyExchangeCallWorksAgainstTickworkExchange() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let common = ["--base-url", exchange.baseURL]
        let environment = ["TICKWORK_API_KEY": "test-key"]
        func tickwork(_ arguments: [String]) async throws -> TickworkProcess.Result {
            try await TickworkProcess.run(arguments + common, environment: environment)
        }

        let heartbeat = try await tickwork(["heartbeat"])
        #expect(heartbeat.status == 0 && heartbeat.stdout.contains("venue TESTEX are up"))

        let placed = try await tickwork(["order", "place", "FOOBAR", "buy", "10", "--price", "49.50", "--json"])
        #expect(placed.status == 0)
        let order = try #require(try JSONSerialization.jsonObject(with: Data(placed.stdout.utf8)) as? [String: Any])
        let id = try #require(order["id"] as? Int)
        #expect(order["price"] as? Int == 4950 && order["open"] as? Bool == true)

        let book = try await tickwork(["book", "FOOBAR"])
        #expect(book.status == 0 && book.stdout.contains("$49.50"))
        let quote = try await tickwork(["quote", "FOOBAR", "--json"])
        #expect(quote.status == 0 && quote.stdout.contains("\"bid\" : 4950"))

        let status = try await tickwork(["order", "status", "FOOBAR", String(id)])
        #expect(status.status == 0 && status.stdout.contains("order \(id): buy 10 FOOBAR limit @ $49.50, open"))
        let orders = try await tickwork(["orders", "FOOBAR"])
        #expect(orders.status == 0 && orders.stdout.contains("$49.50"))
        let cancelled = try await tickwork(["order", "cancel", "FOOBAR", String(id)])
        #expect(cancelled.status == 0 && cancelled.stdout.contains("closed"))

        for result in [heartbeat, placed, book, quote, status, orders, cancelled] {
            #expect(!result.stdout.contains("test-key") && !result.stderr.contains("test-key"))
        }
    }

    @Test func exchangeFailuresExit1NamingTheEndpointAndUsageErrorsExit64() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let missing = try await TickworkProcess.run(["order", "status", "FOOBAR", "999999", "--base-url", exchange.baseURL])
        #expect(missing.status == 1 && missing.stderr.hasPrefix("tickwork: exchange \(exchange.baseURL): not found"))
        let badSide = try await TickworkProcess.run(["order", "place", "FOOBAR", "hold", "10", "--price", "1.00", "--base-url", exchange.baseURL])
        #expect(badSide.status == 64 && badSide.stderr.contains("SIDE: expected buy or sell"))
        let noPrice = try await TickworkProcess.run(["order", "place", "FOOBAR", "buy", "10", "--base-url", exchange.baseURL])
        #expect(noPrice.status == 64 && noPrice.stderr.contains("--price"))
    }

    /// One base URL per API: the StockFighter base the one-call commands take also gives
    /// `watch --api stockfighter` that exchange's quotes.
    @Test func watchTakesTheSameStockFighterBaseAsTheOneCallCommands() async throws {
        let exchange = try await ExchangeFixture(bots: 4)
        defer { exchange.stop() }
        let state = try TemporaryDirectory("tickwork-watch-base")
        defer { state.remove() }
        let environment = ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": ""]
        // A symbol is quoted once it has traded: the bots' first trade takes a moment.
        var added = try await TickworkProcess.run(["watch", "add", "FOOBAR", "--api", "stockfighter", "--base-url", exchange.baseURL], environment: environment)
        for _ in 0..<60 where added.status != 0 {
            try await Task.sleep(for: .milliseconds(500))
            added = try await TickworkProcess.run(["watch", "add", "FOOBAR", "--api", "stockfighter", "--base-url", exchange.baseURL], environment: environment)
        }
        #expect(added.status == 0, "\(added.stderr)")
        let watched = try await TickworkProcess.run(["watch", "--once", "--api", "stockfighter", "--base-url", exchange.baseURL], environment: environment)
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(watched.stdout.contains("FOOBAR"), "\(watched.stdout)")
    }
}
