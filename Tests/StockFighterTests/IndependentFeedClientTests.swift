import Foundation
import Live
import MarketTestSupport
import StrategyKit
import Testing
import TestSupport

/// StockFighter's feeds as a client nobody here wrote reads them: Python's `websockets` (the
/// library alpaca-py streams with, which `.ci/run` installs) opens the simulated exchange's
/// tickertape and an account's executions with the account's key, and gets the quote object
/// after an order changes the book and the execution object of a fill, with every field the
/// venue's documentation lists. Without the module the test fails.
@Suite(.timeLimit(.minutes(10))) struct IndependentFeedClientTests {
    static let script = #"""
        import json, sys
        from websockets.sync.client import connect
        base, key = sys.argv[1], sys.argv[2]
        headers = {"X-Starfighter-Authorization": key}
        with connect(base + "/ws/EXB123456/venues/TESTEX/tickertape/stocks/FOOBAR", additional_headers=headers, open_timeout=60) as tape, \
             connect(base + "/ws/EXB123456/venues/TESTEX/executions", additional_headers=headers, open_timeout=60) as fills:
            print("connected", flush=True)
            quote = json.loads(tape.recv(timeout=120))
            execution = json.loads(fills.recv(timeout=120))
        print(json.dumps({"quote": quote, "execution": execution}))
        """#

    /// The test's own steps run on a thread of their own: a full suite keeps the task pool busy
    /// for long enough that the client would give up waiting for the orders.
    @Test func pythonsWebsocketsReadsTheTickertapeAndExecutionsFeeds() async throws {
        let executor = ThreadExecutor(name: "feed-client")
        defer { executor.shutDown() }
        try await withTaskExecutorPreference(executor) { try await readsTheFeeds() }
    }

    private func readsTheFeeds() async throws {
        let venue = try VenueHarness(apiKeys: ["EXB123456": "key-a", "OTHER1": "key-b"])
        let client = try SpawnedProcess(
            executable: "/usr/bin/env", arguments: ["python3", "-c", Self.script, "ws://\(venue.server.address)/ob/api", "key-a"])
        let connected = await client.wait(upTo: 60) { client.stdout.contains("connected") || !client.process.isRunning }
        try #require(connected && client.process.isRunning, "python3 with websockets (python3 -m pip install alpaca-py) did not connect: \(client.stderr)")
        try #require(await SpawnedProcess.poll(upTo: 10) { venue.server.streamSubscriberCount == 2 })
        #expect(try venue.place("buy", 100, at: 5_000, key: "key-a").ok == true)
        #expect(try venue.place("sell", 30, at: 4_990, account: "OTHER1", key: "key-b").ok == true)
        let status = await client.exitStatus(within: 150)
        try #require(status == 0, "\(client.stderr)")
        let line = try #require(client.stdout.split(separator: "\n").last)
        let received = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let quoteMessage = try #require(received["quote"] as? [String: Any])
        #expect(quoteMessage["ok"] as? Bool == true)
        let quote = try #require(quoteMessage["quote"] as? [String: Any])
        #expect(quote["symbol"] as? String == "FOOBAR" && quote["venue"] as? String == "TESTEX")
        #expect(quote["bid"] as? Int == 5_000 && quote["bidSize"] as? Int == 100)
        let execution = try #require(received["execution"] as? [String: Any])
        let fields = ["account", "venue", "symbol", "order", "standingId", "incomingId", "price", "filled", "filledAt", "standingComplete", "incomingComplete"]
        #expect(fields.allSatisfy { execution[$0] != nil }, "\(execution.keys.sorted())")
        #expect(execution["account"] as? String == "EXB123456" && execution["price"] as? Int == 5_000 && execution["filled"] as? Int == 30)
        #expect(execution["standingComplete"] as? Bool == false && execution["incomingComplete"] as? Bool == true)
        #expect((execution["order"] as? [String: Any])?["totalFilled"] as? Int == 30)
    }
}
