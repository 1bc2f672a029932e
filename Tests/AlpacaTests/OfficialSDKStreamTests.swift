import Alpaca
import APIClient
import Foundation
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import TestSupport
import Testing

/// alpaca-py's own stream clients (`StockDataStream`, MessagePack over websockets 17, and
/// `TradingStream`, JSON with the older `authenticate`) against the simulated exchange: the
/// independent client is the check that the exchange speaks Alpaca's streams and RFC 6455.
/// Without the module (`python3 -m pip install alpaca-py`, which `.ci/run` does) the tests fail.
@Suite(.timeLimit(.minutes(10))) struct OfficialSDKStreamTests {
    static let dataScript = """
        import json, sys
        from alpaca.data.live import StockDataStream
        stream = StockDataStream("PAPER1", "any", raw_data=True, url_override=sys.argv[1])
        got = []
        async def on(msg):
            got.append({"T": msg["T"], "S": msg["S"], "t": [msg["t"].seconds, msg["t"].nanoseconds],
                        **{k: msg[k] for k in ("bp", "ap", "bs", "as", "p", "s") if k in msg}})
            kinds = {g["T"] for g in got}
            if "q" in kinds and "t" in kinds:
                await stream.stop_ws()
        stream.subscribe_quotes(on, "FOOBAR")
        stream.subscribe_trades(on, "FOOBAR")
        stream.run()
        print(json.dumps(got))
        """

    static let tradingScript = """
        import json, sys
        from alpaca.trading.stream import TradingStream
        stream = TradingStream("PAPER1", "any", raw_data=True, url_override=sys.argv[1])
        events = []
        async def on(msg):
            data = msg["data"]
            events.append([data["event"], data["order"]["symbol"], data.get("qty"), data.get("price")])
            if data["event"] == "fill":
                await stream.stop_ws()
        stream.subscribe_trade_updates(on)
        stream.run()
        print(json.dumps(events))
        """

    static func python(_ script: String, _ url: String) throws -> SpawnedProcess {
        try SpawnedProcess(executable: "/usr/bin/env", arguments: ["python3", "-c", script, url])
    }

    @Test func stockDataStreamReceivesQuotesAndTradesOfItsSymbol() async throws {
        let market = try VenueHarness()
        let child = try Self.python(Self.dataScript, "ws://\(market.server.address)/v2/iex")
        // Trade on until the client has what it waits for (it subscribes when it is ready).
        var price = 10_000, polls = 0
        let done = await SpawnedProcess.poll(upTo: 120) {
            polls += 1
            if child.process.isRunning, polls % 10 == 0 {
                price += 1
                _ = try? market.place("sell", 5, at: price, account: "MAKER1")
                _ = try? market.place("buy", 2, at: price, account: "TAKER1")
            }
            return !child.process.isRunning
        }
        let status = await child.exitStatus(within: 5)
        try #require(done && status == 0, "alpaca-py's StockDataStream failed: \(child.stderr)")
        let got = try #require(try JSONSerialization.jsonObject(with: Data(child.stdout.utf8)) as? [[String: Any]])
        let quote = try #require(got.first { $0["T"] as? String == "q" })
        let trade = try #require(got.first { $0["T"] as? String == "t" })
        #expect(quote["S"] as? String == "FOOBAR" && trade["S"] as? String == "FOOBAR")
        #expect((quote["ap"] as? Double).map { $0 >= 100 } == true, "\(quote)")
        #expect((trade["s"] as? Int) == 2, "\(trade)")
        let seconds = (trade["t"] as? [Int])?.first ?? 0
        #expect(abs(seconds - Int(Date().timeIntervalSince1970)) < 300, "the timestamp extension's time: \(trade)")
    }

    @Test func tradingStreamReceivesAnOrdersNewAndFill() async throws {
        let market = try VenueHarness()
        let url = "http://\(market.server.address)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")))
        let child = try Self.python(Self.tradingScript, "ws://\(market.server.address)/stream")
        let listening = await SpawnedProcess.poll(upTo: 60) { market.server.streamSubscriberCount > 0 || !child.process.isRunning }
        try #require(listening && child.process.isRunning, "alpaca-py's TradingStream did not listen: \(child.stderr)")
        _ = try market.place("sell", 10, at: 10_000, account: "MAKER1")
        _ = try await client.place(PlaceAlpacaOrder(
            symbol: "FOOBAR", side: .buy, qty: 4, kind: .limit, timeInForce: .day, limitPrice: Price(cents: 10_000), clientOrderID: "sdk-1"))
        let status = await child.exitStatus(within: 60)
        try #require(status == 0, "alpaca-py's TradingStream failed: \(child.stderr)")
        let events = try #require(try JSONSerialization.jsonObject(with: Data(child.stdout.utf8)) as? [[Any]])
        #expect(events.map { $0[0] as? String } == ["new", "fill"])
        #expect(events.last?[2] as? String == "4" && (events.last?[3] as? String).flatMap(Double.init) == 100)
    }
}
