import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork watch --stream`: prices from the venue's push stream between the snapshot polls.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct WatchStreamCLITests {
    /// The exchange's StockFighter tickertape, and its Alpaca market-data stream.
    @Test(arguments: ["stockfighter", "alpaca"]) func aTradeReachesTheTableThroughTheStreamBetweenPolls(api: String) async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let state = try TemporaryDirectory("tickwork-watch-stream")
        defer { state.remove() }
        let environment = ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": "", "APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"]
        let source = ["--api", api, "--base-url", api == "alpaca" ? "http://" + exchange.listenAddress : exchange.baseURL]
        // A first trade at $50.00, which the opening poll shows; nothing is left resting.
        try exchange.place(account: "EXB123456", side: "buy", price: 5_000, qty: 4)
        try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 4)
        let add = try await TickworkProcess.run(["watch", "add", "FOOBAR"] + source, environment: environment)
        #expect(add.status == 0, "\(add.stderr)")
        // Polls an hour apart: after the first, only the stream can move the price.
        let watch = try SpawnedProcess(
            ["watch", "--stream", "--json", "--interval", "3600s"] + source, environment: environment)
        defer { watch.send(SIGKILL) }
        #expect(await watch.wait(upTo: 30) { watch.stdout.contains(#""price":50.00"#) }, "\(watch.stdout)\(watch.stderr)")
        // The feed opens some time after the first table: trade until the table has heard one.
        let heard = { watch.stdout.contains(#""price":43.21"#) }
        try await exchange.trade(price: 4_321, bought: 5, sold: 5, until: heard, in: watch)
        #expect(heard(), "\(watch.stdout)\(watch.stderr)")
        let line = try #require(watch.stdout.split(separator: "\n").first { $0.contains(#""price":43.21"#) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let row = try #require((object["rows"] as? [[String: Any]])?.first)
        #expect(row["symbol"] as? String == "FOOBAR" && row["status"] as? String == "ok")
        #expect(row["low"] as? Double == 43.21)
    }

    @Test func finnhubCannotStreamAndIsRefusedFirst() async throws {
        let state = try TemporaryDirectory("tickwork-watch-stream")
        defer { state.remove() }
        let refused = try await TickworkProcess.run(
            ["watch", "--stream", "--api", "finnhub"], environment: ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": "", "FINNHUB_API_KEY": ""])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("tickwork: --stream: finnhub has no push stream"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }
}
