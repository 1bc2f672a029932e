import Alpaca
import APIClient
import Foundation
import Lifecycle
import Live
import SimulatedMarket
import StockFighter
import StrategyKit

/// Quote poll → order acknowledged over the Alpaca API, next to the StockFighter figure of
/// `EngineBench.endToEnd`: the same engine and plugin against the in-process simulated
/// exchange, which serves both APIs on one loopback port. On Alpaca a book is the latest
/// quote (polled afresh each step) and an acknowledgement is `AlpacaBroker.place`'s answer,
/// which for an order filled at once includes reading its FILL activity, as the daemon does.
///
/// Two figures each: from the book (quote) received, the shape of the StockFighter figure, and
/// from the start of its poll, the whole cycle. The two run in alternating rounds (StockFighter, Alpaca, StockFighter, ...), each on a
/// fresh exchange, so that the load of a shared machine weighs on both alike; each figure is
/// the median over the rounds of that round's percentile, and the inputs give the load
/// average before and after.
enum AlpacaEngineBench {
    static func run(rounds: Int = 5, steps: Int = 2_000) throws {
        let loadBefore = loadAverage()
        var stockFighter: [EndToEndSamples] = [], alpaca: [EndToEndSamples] = []
        for _ in 0..<rounds {
            stockFighter.append(try EngineBench.endToEndSamples(steps: steps))
            alpaca.append(try samples(steps: steps))
        }
        let inputs = [
            "rounds": String(rounds), "stepsPerRound": String(steps), "strategy": "FirstSteps (plugin)",
            "order": "interleaved A/B, StockFighter first", "loadavgBefore": loadBefore, "loadavgAfter": loadAverage(),
        ]
        for (api, rounds) in [("stockfighter", stockFighter), ("alpaca", alpaca)] {
            for (from, pick) in [("fromReceipt", \EndToEndSamples.fromReceipt), ("fromPoll", \EndToEndSamples.fromPoll)] {
                for (label, q) in [("p50", 0.5), ("p99", 0.99)] {
                    let perRound = rounds.map { percentile($0[keyPath: pick], q) }
                    Figure(
                        name: "engine.endToEnd.\(api).\(from).\(label)", unit: "us", value: Double(median(perRound)) / 1_000,
                        inputs: inputs.merging(["rounds_us": perRound.map { String(Double($0) / 1_000) }.joined(separator: " ")]) { $1 }
                    ).print()
                }
            }
        }
    }

    /// One round on Alpaca: to the order acknowledged from the quote received, and from the
    /// start of its poll.
    static func samples(steps: Int) throws -> EndToEndSamples {
        var configuration = try VenueConfiguration()
        configuration.botInterval = nil
        // Each step buys one share at $50.10: the account's cash must cover every step.
        configuration.alpaca?.startingCash = Money(cents: Int64(steps + 10) * 10_000)
        let server = try VenueServer(configuration: configuration)
        defer { server.stop() }
        // The resting seller and bidder go in over StockFighter, as in the StockFighter round.
        let endpoint = try ExchangeEndpoint(baseURL: "http://\(server.address)/ob/api")
        let stockFighter = StockFighterClient(invoker: CommandInvoker(
            transport: try endpoint.makeTransport(timeout: .seconds(5)), basePath: endpoint.basePath, apiKey: APIKey("bench")))
        let seller = PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .sell, price: 5_010, qty: Quantity(shares: Int64(steps + 10)))
        let bidder = PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .buy, price: 5_000, qty: 100)
        _ = try runBlocking { _ = try await stockFighter.placeOrder(seller); return try await stockFighter.placeOrder(bidder) }
        let url = "http://\(server.address)"
        let client = try AlpacaClient(tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("BENCH"), secret: APIKey("bench")))
        // No quote is served from a cache: every step polls.
        let broker = AlpacaBroker(client: client, account: "BENCH", symbols: ["FOOBAR"], settings: AlpacaBroker.Settings(quoteMaxAge: .zero))
        return try EngineBench.sampleEndToEnd(
            steps: steps, executorName: "bench-alpaca", poll: { try await broker.book(venue: "TESTEX", symbol: "FOOBAR") },
            place: { try await broker.place($0, venue: "TESTEX") })
    }

    private static func median(_ values: [UInt64]) -> UInt64 {
        percentile(values.sorted(), 0.5)
    }

    /// The first three fields of `/proc/loadavg` (1, 5 and 15 minutes).
    private static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? "unknown"
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}
