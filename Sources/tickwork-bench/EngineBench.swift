import APIClient
import Dispatch
import Foundation
import HTTP
import Lifecycle
import Live
import Risk
import SimulatedMarket
import StockFighter
import StrategyKit
import Trading

/// The daemon's decision path: inside the engine (snapshot in, approved place out), and end to
/// end against the simulated exchange over loopback (book received, order acknowledged).
enum EngineBench {
    static func run() throws {
        try decisionLatency()
        try endToEnd()
    }

    /// FirstSteps loaded from its plugin, a fresh book each step; after each decision the
    /// order is closed unfilled so the next book decides again. With `filling`, it is closed
    /// filled instead (one share), and the handling of that fill is a figure too
    /// (`<figure>.fill`): where the order flow's observers hear of fills.
    static func decisionLatency(
        steps: Int = 200_000, figure: String = "engine.decision", extraInputs: [String: String] = [:],
        orderFlow: (any OrderFlowObserver)? = nil, filling: Bool = false
    ) throws {
        let engine = try makeEngine(journal: MemoryFillJournal())
        engine.orderFlow = orderFlow
        var samples: [UInt64] = []
        samples.reserveCapacity(steps)
        var fillSamples: [UInt64] = []
        fillSamples.reserveCapacity(filling ? steps : 0)
        for step in 1...steps {
            let time = Timestamp(nanoseconds: Int64(step) * 100_000_000)
            let book = book(at: time, sequence: UInt64(step))
            let start = monotonicNanoseconds()
            let actions = try engine.handle(.book(book))
            samples.append(monotonicNanoseconds() - start)
            guard case .place(let client, let approved)? = actions.first else { preconditionFailure("no decision at step \(step)") }
            let fills = filling ? [OrderFill(price: approved.request.price, qty: approved.request.qty, ts: time)] : []
            let status = OrderStatus(
                id: OrderID(Int64(step)), venue: "TESTEX", symbol: "FOOBAR", account: "BENCH", side: .buy, type: .limit,
                price: approved.request.price, originalQty: approved.request.qty, qty: .zero, ts: time, fills: fills,
                totalFilled: filling ? approved.request.qty : .zero, open: false)
            let placed = monotonicNanoseconds()
            _ = try engine.handle(.placed(client, status, at: time))
            if filling { fillSamples.append(monotonicNanoseconds() - placed) }
        }
        let inputs = ["strategy": "FirstSteps (plugin)", "decisions": String(steps), "book": "10 levels a side"].merging(extraInputs) { $1 }
        for (name, figures) in [(figure, samples), (figure + ".fill", fillSamples)] where !figures.isEmpty {
            let sorted = figures.sorted()
            Figure(name: name + ".p50", unit: "ns", value: Double(percentile(sorted, 0.5)), inputs: inputs).print()
            Figure(name: name + ".p99", unit: "ns", value: Double(percentile(sorted, 0.99)), inputs: inputs).print()
        }
    }

    /// Against the in-process simulated exchange over loopback HTTP with the keep-alive
    /// transport: poll the book, decide, place (a 1-share buy that fills at once) and wait for
    /// the acknowledgement; the figure is book received → acknowledged.
    static func endToEnd(steps: Int = 20_000) throws {
        let samples = try endToEndSamples(steps: steps).fromReceipt
        let inputs = ["transport": "keep-alive HTTP/1.1 over loopback", "steps": String(steps), "strategy": "FirstSteps (plugin)"]
        Figure(name: "engine.endToEnd.p50", unit: "us", value: Double(percentile(samples, 0.5)) / 1_000, inputs: inputs).print()
        Figure(name: "engine.endToEnd.p99", unit: "us", value: Double(percentile(samples, 0.99)) / 1_000, inputs: inputs).print()
    }

    /// `endToEnd`'s samples, sorted: nanoseconds to the order acknowledged from the book
    /// received, and from the start of its poll.
    static func endToEndSamples(steps: Int) throws -> EndToEndSamples {
        let server = try VenueServer(configuration: VenueConfiguration())
        defer { server.stop() }
        let endpoint = try ExchangeEndpoint(baseURL: "http://\(server.address)/ob/api")
        let client = StockFighterClient(invoker: CommandInvoker(
            transport: try endpoint.makeTransport(timeout: .seconds(5)), basePath: endpoint.basePath, apiKey: APIKey("bench")))
        let seller = PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .sell, price: 5_010, qty: Quantity(shares: Int64(steps + 10)))
        let bidder = PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .buy, price: 5_000, qty: 100)
        _ = try runBlocking { _ = try await client.placeOrder(seller); return try await client.placeOrder(bidder) }
        return try sampleEndToEnd(
            steps: steps, executorName: "bench-engine", poll: { try await client.orderBook(venue: "TESTEX", symbol: "FOOBAR") },
            place: { try await client.placeOrder(PlaceOrder(venue: "TESTEX", account: "EXB123456", request: $0)) })
    }

    /// The loop of every end-to-end figure: `steps` times, poll a book, let FirstSteps decide,
    /// place its 1-share buy (which fills at once) and time it, from the book received and from
    /// the start of its poll. Synchronous engine, asynchronous calls, as in the daemon: one task
    /// on a thread of its own (the runner's `ThreadExecutor`), where a call on an open
    /// plain-HTTP connection is answered without leaving the thread.
    static func sampleEndToEnd(
        steps: Int, executorName: String, poll: @escaping @Sendable () async throws -> BookSnapshot,
        place: @escaping @Sendable (OrderRequest) async throws -> OrderStatus
    ) throws -> EndToEndSamples {
        let executor = ThreadExecutor(name: executorName)
        defer { executor.shutDown() }
        let (samples, cycles) = try runBlocking {
            try await Task(executorPreference: executor) {
                let engine = try makeEngine(journal: MemoryFillJournal())
                var samples: [UInt64] = [], cycles: [UInt64] = []
                for step in 1...steps {
                    let polled = monotonicNanoseconds()
                    var book = try await poll()
                    let received = monotonicNanoseconds()
                    book.receivedTime = Timestamp(nanoseconds: Int64(step) * 100_000_000)
                    book.exchangeTime = book.receivedTime
                    book.sequence = UInt64(step)
                    let actions = try engine.handle(.book(book))
                    guard case .place(let clientID, let approved)? = actions.first else { preconditionFailure("no decision at step \(step)") }
                    let status = try await place(approved.request)
                    let acknowledged = monotonicNanoseconds()
                    samples.append(acknowledged - received)
                    cycles.append(acknowledged - polled)
                    precondition(status.totalFilled == approved.request.qty, "the order fills at once at step \(step)")
                    _ = try engine.handle(.placed(clientID, status, at: book.receivedTime))
                }
                return (samples, cycles)
            }.value
        }
        return EndToEndSamples(fromReceipt: samples.sorted(), fromPoll: cycles.sorted())
    }

    /// FirstSteps buying one share a decision, under the default limits widened for a long run;
    /// `maxOrdersPerSecond` defaults to the configuration's, which the decision figures have
    /// always been measured under.
    static func makeEngine(journal: any FillJournal, maxOrdersPerSecond: Int = RiskLimits.defaults.maxOrdersPerSecond) throws -> TradingEngine {
        let plugin = try PluginLoader.load(path: PluginLoader.executableDirectory + "/libFirstSteps.so")
        let parameters = try StrategyParameters(
            schema: plugin.descriptor.parameters, values: ["quantity": .integer(1_000_000), "maxOrderQty": .integer(1)])
        let strategy = try plugin.descriptor.factory(parameters)
        var limits = RiskLimits.defaults
        limits.maxPosition = 1_000_000
        limits.maxOrdersPerSecond = maxOrdersPerSecond
        let accountLimits = AccountRiskLimits(maxSymbolPosition: 1_000_000, maxLoss: 1_000_000_000)
        return TradingEngine(
            venue: "TESTEX",
            strategies: [EngineStrategy(id: "bench", symbols: ["FOOBAR"], parameters: parameters, strategy: strategy, limits: limits)],
            accountLimits: accountLimits, journal: journal, logger: Logger(part: "engine", level: .error, handler: NullLogHandler()))
    }

    static func book(at time: Timestamp, sequence: UInt64) -> BookSnapshot {
        let bids = (0..<10).map { BookEntry(price: Price(cents: 5_000 - Int64($0)), qty: 100, isBuy: true) }
        let asks = (0..<10).map { BookEntry(price: Price(cents: 5_010 + Int64($0)), qty: 100, isBuy: false) }
        return BookSnapshot(venue: "TESTEX", symbol: "FOOBAR", bids: bids, asks: asks, exchangeTime: time, receivedTime: time, sequence: sequence)
    }
}

/// One end-to-end round's samples, each sorted: nanoseconds to the order acknowledged from the
/// book received, and from the start of its poll.
struct EndToEndSamples {
    var fromReceipt: [UInt64]
    var fromPoll: [UInt64]
}

/// A log handler that drops everything, so benchmarks measure trading, not logging.
struct NullLogHandler: LogHandler {
    func write(_ record: LogRecord) {}
}
