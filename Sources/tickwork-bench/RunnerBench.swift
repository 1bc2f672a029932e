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

/// The daemon's own path, book received → order acknowledged, through the live runner against
/// the in-process simulated exchange over loopback: the book poller, the inbox, the engine
/// loop, the placement's task and the client, with every hop between them.
enum RunnerBench {
    /// Runs FirstSteps (a 1-share buy on each book while none is open, filled at once by a
    /// resting seller; a resting bid makes the book two-sided, as the risk checks want) until
    /// `placements` orders were acknowledged; a sample is the time from
    /// the poller's receipt of the book before a placement to that placement's answer. With a
    /// `monitor` board, the runner publishes to it and a monitor server over it is scraped
    /// every second meanwhile (the figures are then `engine.runner.monitor.*`).
    static func run(placements: Int = 3_000, pollInterval: Duration = .milliseconds(1), monitor: MonitorBoard? = nil) throws {
        let server = try VenueServer(configuration: VenueConfiguration())
        defer { server.stop() }
        let endpoint = try ExchangeEndpoint(baseURL: "http://\(server.address)/ob/api")
        let timing = TimingTransport(try endpoint.makeTransport(timeout: .seconds(5)), placements: placements)
        let client = StockFighterClient(invoker: CommandInvoker(transport: timing, basePath: endpoint.basePath, apiKey: APIKey("bench")))
        let seller = PlaceOrder(
            venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .sell, price: 5_010, qty: Quantity(shares: Int64(placements * 2 + 10)))
        let bidder = PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .buy, price: 5_000, qty: 100)
        _ = try runBlocking { _ = try await client.placeOrder(seller); return try await client.placeOrder(bidder) }
        timing.reset()
        let runner = LiveRunner(
            // The runner places as fast as books come (about 1,000 a second).
            engine: try EngineBench.makeEngine(journal: MemoryFillJournal(), maxOrdersPerSecond: 1_000_000),
            broker: StockFighterBroker(client: client, account: "EXB123456"), pollInterval: pollInterval,
            riskStatePath: "/nonexistent/tickwork-bench-risk-state.json", recorded: [:], unknownOrderPolicy: .cancel,
            logger: Logger(part: "engine", level: .error, handler: NullLogHandler()), notifier: SystemdNotifier(environment: [:]),
            monitor: monitor.map { MonitorFeed(board: $0, venue: "TESTEX", account: "EXB123456", ledgerSequence: 0) }, now: WallClock.now)
        let scraped = try monitor.map(MonitorBench.Scraped.init)
        defer { scraped?.stop() }
        timing.onEnough { [inbox = runner.inbox] in inbox.post(.stop("enough placements")) }
        // A bound, should placements stop coming (the figures then say how many there were).
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(120)) { [inbox = runner.inbox] in inbox.post(.stop("time limit")) }
        try runBlocking { try await runner.run() }
        let samples = timing.samples.sorted()
        let inputs = [
            "transport": "keep-alive HTTP/1.1 over loopback", "placements": String(samples.count), "strategy": "FirstSteps (plugin)",
            "path": "book poller → inbox → engine loop → placement task → client",
        ]
        let name = monitor == nil ? "engine.runner" : "engine.runner.monitor"
        let monitored = monitor == nil ? inputs : inputs.merging(["monitor": "on, /metrics and /api/status scraped every second"]) { $1 }
        Figure(name: name + ".p50", unit: "us", value: Double(percentile(samples, 0.5)) / 1_000, inputs: monitored).print()
        Figure(name: name + ".p99", unit: "us", value: Double(percentile(samples, 0.99)) / 1_000, inputs: monitored).print()
    }
}

/// A transport that notes when each book arrives and each placement is answered, and pairs
/// every placement with the last book that arrived before it was sent.
final class TimingTransport: ExchangeTransport {
    private let inner: any ExchangeTransport
    private let placements: Int
    private let state = Mutex((lastBook: UInt64?.none, samples: [UInt64]()))
    private let enough = Mutex<@Sendable () -> Void>({})

    init(_ inner: any ExchangeTransport, placements: Int) {
        self.inner = inner
        self.placements = placements
    }

    var samples: [UInt64] { state.withLock { $0.samples } }

    func reset() { state.withLock { $0 = (nil, []) } }

    /// Sets what is called once, when `placements` samples are in.
    func onEnough(_ body: @escaping @Sendable () -> Void) { enough.withLock { $0 = body } }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let isPlacement = request.method == .post && request.path.hasSuffix("/orders")
        let book = isPlacement ? state.withLock { $0.lastBook } : nil
        let response = try await inner.send(request)
        let now = monotonicNanoseconds()
        // GET /venues/:venue/stocks/:stock is the book.
        if request.method == .get, request.path.contains("/stocks/"), !request.path.contains("/orders"), !request.path.hasSuffix("/quote") {
            state.withLock { $0.lastBook = now }
        } else if isPlacement, let book {
            let count = state.withLock { state in
                state.samples.append(now - book)
                return state.samples.count
            }
            if count == placements { enough.withLock { $0 }() }
        }
        return response
    }
}
