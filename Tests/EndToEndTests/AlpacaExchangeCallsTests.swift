import Foundation
import Testing

/// The one-call commands with `--api alpaca`, the built binary against `tickwork exchange`'s own
/// Alpaca API over loopback (not the scripted fake): the two halves of the Alpaca work together.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct AlpacaExchangeCallsTests {
    @Test func everyOneCallCommandWorksAgainstTheSimulatedExchange() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let environment = ["APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"]
        func tickwork(_ arguments: [String]) async throws -> TickworkProcess.Result {
            try await TickworkProcess.run(
                arguments + ["--api", "alpaca", "--base-url", "http://" + exchange.listenAddress], environment: environment)
        }
        // Another account's ask, through the StockFighter API on the same port.
        try exchange.place(account: "MM", side: "sell", price: 5000, qty: 100)

        let account = try await tickwork(["account"])
        #expect(account.status == 0 && account.stdout.contains("PAPER1") && account.stdout.contains("$100000.00"), "\(account.stderr)")
        let clock = try await tickwork(["clock"])
        #expect(clock.status == 0 && clock.stdout.hasPrefix("market open"), "\(clock.stderr)")
        let quote = try await tickwork(["quote", "FOOBAR"])
        #expect(quote.status == 0 && quote.stdout.contains("$50.00"), "\(quote.stderr)")

        let placed = try await tickwork(["order", "place", "FOOBAR", "buy", "10", "--price", "40.00", "--json"])
        #expect(placed.status == 0, "\(placed.stderr)")
        let order = try #require(try JSONSerialization.jsonObject(with: Data(placed.stdout.utf8)) as? [String: Any])
        let id = try #require(order["id"] as? String)
        #expect(order["limit_price"] as? String == "40.00" && order["status"] as? String == "new")
        let status = try await tickwork(["order", "status", "FOOBAR", id])
        #expect(status.status == 0 && status.stdout.contains("buy 10 FOOBAR limit/day @ $40.00, new"), "\(status.stdout)")
        let open = try await tickwork(["orders", "--status", "open"])
        #expect(open.status == 0 && open.stdout.contains(id))
        let cancelled = try await tickwork(["order", "cancel", "FOOBAR", id])
        #expect(cancelled.status == 0 && cancelled.stdout.contains("canceled"), "\(cancelled.stdout)")
        let market = try await tickwork(["order", "place", "FOOBAR", "buy", "3", "--type", "market"])
        #expect(market.status == 0 && market.stdout.contains("filled 3 at an average $50.00"), "\(market.stdout)")
        let positions = try await tickwork(["positions"])
        #expect(positions.status == 0 && positions.stdout.contains("FOOBAR    3     $50.00"), "\(positions.stdout)")
        let all = try await tickwork(["orders", "--status", "all"])
        #expect(all.status == 0 && all.stdout.contains("canceled") && all.stdout.contains("filled"))

        let bars = try await tickwork(["bars", "FOOBAR", "--csv"])
        #expect(bars.status == 0 && bars.stdout.hasPrefix("time,open,high,low,close,volume,trades\n"), "\(bars.stderr)")
        #expect(bars.stdout.contains(",50.00,50.00,50.00,50.00,3,1\n"), "the market order's trade is the minute's bar: \(bars.stdout)")
        let news = try await tickwork(["news", "FOOBAR", "--limit", "2"])
        #expect(news.status == 0 && news.stdout.contains("[Simulated]") && news.stdout.split(separator: "\n").count == 4)

        let directory = NSTemporaryDirectory() + "tickwork-chart-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let chart = try await tickwork(["chart", "FOOBAR", "--out", directory + "/foobar.svg"])
        #expect(chart.status == 0 && chart.stdout.contains("FOOBAR, 1 one-minute bars"), "\(chart.stdout) \(chart.stderr)")
        #expect(try String(contentsOfFile: directory + "/foobar.svg", encoding: .utf8).contains("<svg"))

        let refused = try await tickwork(["order", "cancel", "FOOBAR", "00000000-0000-0000-0000-000000000000"])
        #expect(refused.status == 1 && refused.stderr.contains("not found (code 40410000)"), "\(refused.stderr)")
    }
}
