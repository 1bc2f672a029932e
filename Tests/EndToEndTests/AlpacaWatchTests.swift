import Foundation
import Testing
import TestSupport

/// `tickwork watch --api alpaca` and `tickwork symbols refresh --api alpaca`, the built
/// binary against `tickwork exchange`'s own Alpaca API (snapshots, assets) over loopback.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct AlpacaWatchTests {
    @Test func theWatchListIsQuotedFromAlpacaSnapshotsAndTheDirectoryRebuiltFromAssets() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let state = try TemporaryDirectory("tickwork-alpacawatch")
        defer { state.remove() }
        let source = ["--api", "alpaca", "--base-url", "http://" + exchange.listenAddress]
        func tickwork(_ arguments: [String]) async throws -> TickworkProcess.Result {
            try await TickworkProcess.run(
                arguments + source,
                environment: ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": "", "APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"],
                timeout: 60)
        }
        // One trade of FOOBAR at $50.00: the snapshot's latest trade and daily bar.
        _ = try exchange.place(account: "MM", side: "sell", price: 5000, qty: 100)
        _ = try exchange.place(account: "TAKER", side: "buy", price: 5000, qty: 10)

        // FOOBAR is in no directory: Alpaca's snapshot makes it known; ZZZZQ is known to neither.
        let added = try await tickwork(["watch", "add", "FOOBAR", "AAPL"])
        #expect(added.status == 0, "\(added.stderr)")
        let refused = try await tickwork(["watch", "add", "ZZZZQ"])
        #expect(refused.status == 1 && refused.stderr.contains("ZZZZQ: unknown to the symbol directory and to alpaca"), "\(refused.stderr)")

        let json = try await tickwork(["watch", "--once", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let line = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(line?["source"] as? String == "alpaca")
        let rows = try #require(line?["rows"] as? [[String: Any]], "\(json.stdout)")
        #expect(rows.first?["symbol"] as? String == "FOOBAR" && rows.first?["status"] as? String == "ok", "\(rows)")
        #expect(rows.first?["price"] as? Double == 50 && rows.first?["high"] as? Double == 50, "\(rows)")
        // AAPL is in the shipped directory but not on the simulated market: the view says so.
        #expect(rows.last?["symbol"] as? String == "AAPL" && rows.last?["status"] as? String == "unknown", "\(rows)")

        let refreshed = try await tickwork(["symbols", "refresh"])
        #expect(refreshed.status == 0 && refreshed.stdout.contains("symbols from alpaca"), "\(refreshed.stderr)")
        let found = try await TickworkProcess.run(
            ["symbols", "search", "FOOBAR", "--json"], environment: ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": ""], timeout: 60)
        let entries = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: String]]
        #expect(entries?.first?["symbol"] == "FOOBAR", "\(found.stdout)")
        // The rebuilt directory holds the exchange's assets, and the simulated exchange lists the
        // shipped directory's entries as assets that are not tradable: AAPL is still found.
        let kept = try await TickworkProcess.run(
            ["symbols", "search", "AAPL", "--json"], environment: ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": ""], timeout: 60)
        let keptEntries = try JSONSerialization.jsonObject(with: Data(kept.stdout.utf8)) as? [[String: Any]]
        #expect(kept.status == 0 && keptEntries?.first?["symbol"] as? String == "AAPL", "\(kept.stdout)")
        // The refresh keeps the shipped directory's CIK of a symbol it knows.
        #expect(keptEntries?.first?["cik"] as? Int == 320193, "\(kept.stdout)")
    }
}
