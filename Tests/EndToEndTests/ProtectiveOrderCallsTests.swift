import Foundation
import Testing

/// `order place` with stops, trailing stops, times in force, brackets and OCOs, and `order
/// replace`: placed on `tickwork exchange`'s Alpaca API, which keeps them, and refused on its
/// StockFighter API, which keeps plain orders only (the CLI has no engine to emulate them).
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct ProtectiveOrderCallsTests {
    private func json(_ result: TickworkProcess.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
    }

    @Test func protectiveOrdersArePlacedAndReplacedOnTheSimulatedAlpaca() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let environment = ["APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"]
        func tickwork(_ arguments: [String]) async throws -> TickworkProcess.Result {
            try await TickworkProcess.run(
                arguments + ["--api", "alpaca", "--base-url", "http://" + exchange.listenAddress, "--json"], environment: environment)
        }
        try exchange.place(account: "MM", side: "sell", price: 5000, qty: 100)
        // A position to protect: the simulated Alpaca, as Alpaca, sells no shares the account lacks.
        let bought = try await tickwork(["order", "place", "FOOBAR", "buy", "40", "--type", "market"])
        #expect(bought.status == 0, "\(bought.stderr)")

        let stop = try json(try await tickwork(["order", "place", "FOOBAR", "sell", "5", "--type", "stop", "--stop-price", "49.50", "--tif", "gtc"]))
        #expect(stop["type"] as? String == "stop" && stop["stop_price"] as? String == "49.50" && stop["time_in_force"] as? String == "gtc")
        let stopLimit = try json(try await tickwork([
            "order", "place", "FOOBAR", "sell", "5", "--type", "stop-limit", "--stop-price", "49.50", "--price", "49.00",
        ]))
        #expect(stopLimit["type"] as? String == "stop_limit" && stopLimit["limit_price"] as? String == "49.00")
        let trailing = try json(try await tickwork(["order", "place", "FOOBAR", "sell", "5", "--type", "trailing-stop", "--trail-percent", "1.5"]))
        #expect(trailing["type"] as? String == "trailing_stop" && trailing["trail_percent"] as? String == "1.50", "\(trailing)")
        let trailingPrice = try json(try await tickwork(["order", "place", "FOOBAR", "sell", "5", "--type", "trailing-stop", "--trail", "0.50"]))
        #expect(trailingPrice["trail_price"] as? String == "0.50", "\(trailingPrice)")

        let bracket = try json(try await tickwork([
            "order", "place", "FOOBAR", "buy", "10", "--price", "40.00", "--bracket", "take-profit=52.00,stop-loss=38.00,stop-limit=37.90",
        ]))
        #expect(bracket["order_class"] as? String == "bracket" && bracket["limit_price"] as? String == "40.00")
        let legs = try #require(bracket["legs"] as? [[String: Any]])
        #expect(Set(legs.compactMap { $0["type"] as? String }) == ["limit", "stop_limit"] && legs.allSatisfy { $0["side"] as? String == "sell" })

        let resting = try json(try await tickwork(["order", "place", "FOOBAR", "buy", "10", "--price", "40.00"]))
        let id = try #require(resting["id"] as? String)
        let replaced = try await tickwork(["order", "replace", "FOOBAR", id, "--price", "41.00", "--qty", "7"])
        let replacement = try json(replaced)
        #expect(replacement["limit_price"] as? String == "41.00" && replacement["qty"] as? Int == 7, "\(replacement)")
        #expect(replacement["id"] as? String != id && (replacement["client_order_id"] as? String)?.hasPrefix("cli-") == true)
        let old = try json(try await tickwork(["order", "status", "FOOBAR", id]))
        #expect(old["status"] as? String == "replaced" && old["replaced_by"] as? String == replacement["id"] as? String)
    }

    @Test func theStockFighterAPIRefusesWhatItCannotKeep() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        func tickwork(_ arguments: [String]) async throws -> TickworkProcess.Result {
            try await TickworkProcess.run(arguments + ["--base-url", exchange.baseURL], environment: ["TICKWORK_API_KEY": "test-key"])
        }
        let cases: [([String], String)] = [
            (["--type", "stop", "--stop-price", "49.50"], "cannot keep stop orders"),
            (["--type", "trailing-stop", "--trail", "0.50"], "cannot keep trailing stop orders"),
            (["--price", "49.50", "--tif", "opg"], "venue TESTEX: the venue has no time in force opg"),
            (["--price", "49.50", "--bracket", "take-profit=52.00,stop-loss=48.00"], "cannot keep bracket and stop orders (only 'tickwork run' emulates"),
            (["--oco", "take-profit=52.00,stop-loss=48.00"], "cannot keep OCO and stop orders"),
        ]
        for (options, message) in cases {
            let refused = try await tickwork(["order", "place", "FOOBAR", "sell", "10"] + options)
            #expect(refused.status == 1 && refused.stderr.contains(message), "\(options): \(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "one line: \(refused.stderr)")
        }
        #expect(try exchange.openOrders(of: "EXB123456").isEmpty, "nothing was sent")

        let gtc = try await tickwork(["order", "place", "FOOBAR", "buy", "1", "--price", "49.50", "--tif", "gtc", "--json"])
        #expect(gtc.status == 0, "a plain order works until cancelled there: \(gtc.stderr)")
        let id = try #require(try json(gtc)["id"] as? Int)
        let replace = try await tickwork(["order", "replace", "FOOBAR", String(id), "--price", "49.00"])
        #expect(replace.status == 1 && replace.stderr.contains("cannot amend an order in place"), "\(replace.stderr)")
    }

    @Test func optionsThatDoNotMakeAnOrderAreUsageErrors() async throws {
        let cases: [([String], String)] = [
            (["--type", "stop"], "--stop-price: required"),
            (["--type", "stop-limit", "--stop-price", "49.50"], "--price: required"),
            (["--type", "stop", "--stop-price", "49.50", "--price", "49.00"], "--price: a stop order has no limit price"),
            (["--price", "49.50", "--stop-price", "49.00"], "--stop-price: only a stop or stop-limit"),
            (["--type", "trailing-stop", "--trail", "0.50", "--trail-percent", "1"], "takes one of them"),
            (["--type", "trailing-stop", "--trail-percent", "1.555"], "at most two decimals"),
            (["--type", "fok", "--price", "49.50", "--tif", "gtc"], "its time in force"),
            (["--type", "stop", "--stop-price", "49.50", "--bracket", "take-profit=52.00,stop-loss=48.00"], "a limit or market order"),
            (["--price", "49.50", "--bracket", "take-profit=52.00"], "take-profit=PRICE,stop-loss=PRICE"),
            (["--oco", "take-profit=52.00,stop-loss=48.00", "--price", "49.50"], "--price does not go with it"),
        ]
        for (options, message) in cases {
            let result = try await TickworkProcess.run(["order", "place", "FOOBAR", "sell", "10"] + options)
            #expect(result.status == 64 && result.stderr.contains(message), "\(options): \(result.stderr)")
        }
        let replace = try await TickworkProcess.run(["order", "replace", "FOOBAR", "1"])
        #expect(replace.status == 64 && replace.stderr.contains("give --price PRICE, --qty N or both"), "\(replace.stderr)")
    }
}
