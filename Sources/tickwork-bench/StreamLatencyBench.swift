import APIClient
import Dispatch
import Lifecycle
import Live
import SimulatedMarket
import StockFighter
import StrategyKit
import Synchronization
import Trading
import Wire

#if canImport(Glibc)
import Glibc
#endif

/// A quote's change at the exchange → the strategy's order acknowledged, through the live
/// runner against the in-process simulated exchange over loopback: polled at the daemon's
/// default `pollIntervalMs` (250 ms), and streamed (StockFighter's tickertape and executions)
/// with the safety poll at its default (10 s).
enum StreamLatencyBench {
    static func run(samples: Int = 200) throws {
        for streamed in [false, true] {
            let sorted = try measure(samples: samples, streamed: streamed).sorted()
            let inputs = [
                "transport": "keep-alive HTTP/1.1 (and WebSocket feeds) over loopback", "samples": String(sorted.count),
                "strategy": "FirstSteps (plugin), a 1-share buy of each new ask",
                "path": streamed ? "tickertape → inbox → engine loop → placement" : "book poller every 250ms → inbox → engine loop → placement",
            ]
            let name = "stream-latency." + (streamed ? "streamed" : "polled")
            Figure(name: name + ".p50", unit: "ms", value: Double(percentile(sorted, 0.5)) / 1_000_000, inputs: inputs).print()
            Figure(name: name + ".p99", unit: "ms", value: Double(percentile(sorted, 0.99)) / 1_000_000, inputs: inputs).print()
        }
    }

    /// One sample per round: the bench places a 1-share ask (the quote changes) and times until
    /// the runner's buy of it is answered; the next round starts a little after, at a random
    /// phase of the poll interval.
    private static func measure(samples: Int, streamed: Bool) throws -> [UInt64] {
        let server = try VenueServer(configuration: VenueConfiguration())
        defer { server.stop() }
        let baseURL = "http://\(server.address)/ob/api"
        let endpoint = try ExchangeEndpoint(baseURL: baseURL)
        let placed = PlacementClock()
        let client = StockFighterClient(
            invoker: CommandInvoker(transport: placed.wrapping(try endpoint.makeTransport(timeout: .seconds(5))), basePath: endpoint.basePath, apiKey: APIKey("bench")))
        let outside = StockFighterClient(
            invoker: CommandInvoker(transport: try endpoint.makeTransport(timeout: .seconds(5)), basePath: endpoint.basePath, apiKey: APIKey("bench")))
        // A resting bid keeps the book two-sided, as the risk checks want.
        _ = try runBlocking { try await outside.placeOrder(PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .buy, price: 4_900, qty: 100)) }
        let stream = try streamed ? StockFighterStreamEndpoint(baseURL: baseURL, apiKey: APIKey("bench")) : nil
        let settings = StreamSettings(safetyPollInterval: .seconds(10), stallTimeout: .seconds(30))
        let runner = LiveRunner(
            engine: try EngineBench.makeEngine(journal: MemoryFillJournal(), maxOrdersPerSecond: 1_000_000),
            broker: StockFighterBroker(client: client, account: "EXB123456", stream: stream), pollInterval: .milliseconds(250),
            riskStatePath: "/nonexistent/tickwork-bench-risk-state.json", recorded: [:], unknownOrderPolicy: .cancel,
            logger: Logger(part: "engine", level: .error, handler: NullLogHandler()), notifier: SystemdNotifier(environment: [:]),
            monitor: nil, now: WallClock.now, stream: streamed ? settings : nil)
        let driver = Task.detached { try await runner.run() }
        defer {
            runner.inbox.post(.stop("done"))
            _ = try? runBlocking { try await driver.value }
        }
        // Streamed, the stream is trusted once it has reconciled: the exchange's two subscribers
        // and a little more; polled, the runner's first polls.
        for _ in 0..<500 where streamed && server.streamSubscriberCount < 2 { usleep(10_000) }
        usleep(500_000)
        var results: [UInt64] = []
        for round in 0..<samples {
            let before = placed.count
            let start = monotonicNanoseconds()
            _ = try runBlocking {
                try await outside.placeOrder(PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .sell, price: 5_010, qty: 1))
            }
            var answered: UInt64?
            for _ in 0..<20_000 {
                answered = placed.answered(after: before)
                if answered != nil { break }
                usleep(100)
            }
            guard let answered else { break }
            results.append(answered - start)
            // A random phase of the poll interval for the next round.
            usleep(UInt32(10_000 + (round * 7_919) % 250_000))
        }
        return results
    }
}

/// Notes when each placement's answer arrived.
final class PlacementClock: Sendable {
    private let answers = Mutex<[UInt64]>([])

    var count: Int { answers.withLock { $0.count } }

    /// The time of the first answer after the first `count`, if any.
    func answered(after count: Int) -> UInt64? { answers.withLock { $0.count > count ? $0[count] : nil } }

    func wrapping(_ inner: any ExchangeTransport) -> any ExchangeTransport { Timed(inner: inner, clock: self) }

    private struct Timed: ExchangeTransport {
        let inner: any ExchangeTransport
        let clock: PlacementClock

        func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
            let response = try await inner.send(request)
            if request.method == .post, request.path.hasSuffix("/orders") {
                let now = monotonicNanoseconds()
                clock.answers.withLock { $0.append(now) }
            }
            return response
        }
    }
}
