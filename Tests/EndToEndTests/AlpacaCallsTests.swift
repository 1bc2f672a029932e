import AlpacaTestSupport
import Foundation
import Testing

/// The one-call commands with `--api alpaca`, the built binary against a scripted Alpaca over
/// loopback.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct AlpacaCallsTests {
    @Test func everyOneCallCommandWorksOnAlpaca() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let environment = ["APCA_API_KEY_ID": "KID", "APCA_API_SECRET_KEY": "SECRET"]
        func tickwork(_ arguments: [String]) async throws -> TickworkProcess.Result {
            try await TickworkProcess.run(arguments + ["--api", "alpaca", "--base-url", alpaca.baseURL], environment: environment)
        }

        let account = try await tickwork(["account"])
        #expect(account.status == 0 && account.stdout.contains("PA1TEST") && account.stdout.contains("$100000.00"))
        let clock = try await tickwork(["clock", "--json"])
        #expect(clock.status == 0 && clock.stdout.contains("\"is_open\" : true"))
        let quote = try await tickwork(["quote", "AAPL,MSFT"])
        #expect(quote.status == 0 && quote.stdout.contains("MSFT") && quote.stdout.contains("$101.20"))
        let spaced = try await tickwork(["quote", "AAPL", "MSFT"])
        #expect(spaced.status == 0 && spaced.stdout.contains("AAPL") && spaced.stdout.contains("$101.20"), "\(spaced.stdout)")

        let placed = try await tickwork(["order", "place", "AAPL", "buy", "10", "--price", "100.00", "--json"])
        #expect(placed.status == 0)
        let order = try #require(try JSONSerialization.jsonObject(with: Data(placed.stdout.utf8)) as? [String: Any])
        let id = try #require(order["id"] as? String)
        #expect(order["limit_price"] as? String == "100.00" && order["time_in_force"] as? String == "day")
        let status = try await tickwork(["order", "status", "AAPL", id])
        #expect(status.status == 0 && status.stdout.contains("buy 10 AAPL limit/day @ $100.00, new"))
        let open = try await tickwork(["orders", "--status", "open"])
        #expect(open.status == 0 && open.stdout.contains(id))
        let cancelled = try await tickwork(["order", "cancel", "AAPL", id])
        #expect(cancelled.status == 0 && cancelled.stdout.contains("canceled"))
        let market = try await tickwork(["order", "place", "AAPL", "buy", "3", "--type", "market"])
        #expect(market.status == 0 && market.stdout.contains("filled 3"))
        alpaca.state.withLock { $0.positions = [#"{"symbol":"AAPL","qty":"3","side":"long","avg_entry_price":"101.25","market_value":"303.75","cost_basis":"303.75","unrealized_pl":"0"}"#] }
        let positions = try await tickwork(["positions"])
        #expect(positions.status == 0 && positions.stdout.contains("AAPL") && positions.stdout.contains("$101.25"))

        let bars = try await tickwork(["bars", "AAPL", "--csv", "--from", "2026-12-01T09:30:00-05:00"])
        #expect(bars.status == 0 && bars.stdout.hasPrefix("time,open,high,low,close,volume,trades\n2026-12-01T14:30:00.000000000Z,100.00,101.50,99.50,101.00,100,3\n"))
        #expect(bars.stdout.split(separator: "\n").count == 1 + 9)
        #expect(alpaca.state.withLock { $0.requests }.contains { $0.contains("start=2026-12-01T14%3A30%3A00.000000000Z") })
        let news = try await tickwork(["news", "AAPL", "--limit", "3"])
        #expect(news.status == 0 && news.stdout.contains("simulated  Simulated headline 2\n  https://example.invalid/2\n"))

        let directory = NSTemporaryDirectory() + "tickwork-chart-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let chart = try await tickwork(["chart", "AAPL", "--day", "2026-12-02", "--out", directory + "/aapl.html"])
        #expect(chart.status == 0 && chart.stdout.contains("9 one-minute bars, previous close 101.00"), "\(chart.stderr)")
        let page = try String(contentsOfFile: directory + "/aapl.html", encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<polyline class=\"price\"") && page.contains("class=\"previous-close\""))
        #expect(!page.contains("<script") && !page.contains("https://"))
        let badOut = try await tickwork(["chart", "AAPL", "--out", directory + "/aapl.png"])
        #expect(badOut.status == 64 && badOut.stderr.contains("--out: expected a FILE.svg or FILE.html"))

        let refused = try await tickwork(["order", "cancel", "AAPL", "00000000-0000-0000-0000-000000000000"])
        #expect(refused.status == 1 && refused.stderr.contains("DELETE /v2/orders/00000000-0000-0000-0000-000000000000: not found (code 40410000)"))
        for result in [account, clock, quote, placed, status, open, cancelled, market, positions, bars, news, refused] {
            #expect(!result.stdout.contains("SECRET") && !result.stderr.contains("SECRET"))
        }
    }

    @Test func stockFighterOnlyCommandsSayWhy() async throws {
        let account = try await TickworkProcess.run(["account", "--api", "stockfighter"])
        #expect(account.status == 64 && account.stderr.contains("the StockFighter API has no account call; use --api alpaca"))
        let api = try await TickworkProcess.run(["clock", "--api", "ibkr"])
        #expect(api.status == 64 && api.stderr.contains("stockfighter or alpaca"))
    }
}
