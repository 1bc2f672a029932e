import APIClient
import Dispatch
import Foundation
import Lifecycle
import Live
import Monitor
import Risk
import SimulatedMarket
import StockFighter
import StrategyKit
import Trading
import Wire

/// `tickwork halt` to the last order cancelled: the live runner against the in-process simulated
/// exchange over loopback, a strategy resting `restingOrders` bids, and the operator's halt sent
/// as the command sends it (`ControlClient` over the control socket, `ControlServer` and
/// `ControlRoutes` in front of the runner's inbox). A sample is the time from sending the halt
/// to the exchange showing no open order of the account (read from its books, in process, every
/// 100 µs); between samples the account is resumed and the bids rest again. The goal is 50 ms.
enum HaltBench {
    /// Keeps `count` one-share bids resting below the market while none is missing.
    final class RestingBids: Strategy {
        let count: Int
        init(count: Int) { self.count = count }

        func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
            let resting = Set(context.openOrders.map(\.request.price))
            return (0..<count).compactMap { index in
                let price = Price(cents: 4_900 - Int64(index))
                return resting.contains(price) ? nil : .place(OrderRequest(symbol: "FOOBAR", side: .buy, price: price, qty: 1, tag: "rest"))
            }
        }
    }

    static func run(rounds: Int = 30, restingOrders: Int = 8) throws {
        let server = try VenueServer(configuration: VenueConfiguration())
        defer { server.stop() }
        let endpoint = try ExchangeEndpoint(baseURL: "http://\(server.address)/ob/api")
        let client = StockFighterClient(
            invoker: CommandInvoker(transport: try endpoint.makeTransport(timeout: .seconds(5)), basePath: endpoint.basePath, apiKey: APIKey("bench")))
        // Another account's touch, so the book has a mid for the risk checks.
        _ = try runBlocking {
            _ = try await client.placeOrder(PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .sell, price: 5_010, qty: 100))
            return try await client.placeOrder(PlaceOrder(venue: "TESTEX", account: "SELLER", symbol: "FOOBAR", side: .buy, price: 5_000, qty: 100))
        }
        var limits = RiskLimits.defaults
        limits.maxOrdersPerSecond = 1_000_000
        let engine = TradingEngine(
            venue: "TESTEX",
            strategies: [EngineStrategy(
                id: "bench", symbols: ["FOOBAR"], parameters: try StrategyParameters(schema: []),
                strategy: RestingBids(count: restingOrders), limits: limits)],
            accountLimits: .defaults, journal: MemoryFillJournal(), logger: Logger(part: "engine", level: .error, handler: NullLogHandler()))
        let directory = NSTemporaryDirectory() + "tickwork-bench-halt-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runner = LiveRunner(
            engine: engine, broker: StockFighterBroker(client: client, account: "EXB123456"), pollInterval: .milliseconds(5),
            riskStatePath: directory + "/risk.json", recorded: [:], unknownOrderPolicy: .cancel,
            logger: Logger(part: "engine", level: .error, handler: NullLogHandler()), notifier: SystemdNotifier(environment: [:]),
            now: WallClock.now)
        let socket = directory + "/tickwork.sock"
        let control = try ControlServer(
            path: socket, routes: ControlRoutes(inbox: runner.inbox, logger: Logger(part: "control", level: .error, handler: NullLogHandler())))
        defer { control.stop() }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(300)) { [inbox = runner.inbox] in inbox.post(.stop("time limit")) }
        let operatorThread = DispatchQueue(label: "operator")
        let samples = Locked<[UInt64]>([])
        let finished = DispatchSemaphore(value: 0)
        operatorThread.async { [inbox = runner.inbox] in
            defer { finished.signal() }
            let open = { server.orders(of: "EXB123456", on: "TESTEX").count { $0.open } }
            for _ in 0..<rounds {
                guard waitUntil({ open() == restingOrders }) else { break }
                let start = DispatchTime.now().uptimeNanoseconds
                guard (try? ControlClient(path: socket).send(.halt(.account, reason: "bench")))?.ok == true,
                    waitUntil({ open() == 0 })
                else { break }
                samples.update { $0.append(DispatchTime.now().uptimeNanoseconds - start) }
                _ = try? ControlClient(path: socket).send(.resume(.account))
            }
            inbox.post(.stop("enough rounds"))
        }
        try runBlocking { try await runner.run() }
        finished.wait()
        let sorted = samples.get().sorted()
        let inputs = [
            "rounds": String(sorted.count), "restingOrders": String(restingOrders), "transport": "control socket; exchange over loopback",
            "path": "ControlClient → ControlServer → inbox → engine loop → cancels → exchange",
        ]
        guard !sorted.isEmpty else { throw DaemonMemoryBench.BenchError("no halt round completed") }
        Figure(name: "control.haltToLastCancel.p50", unit: "ms", value: Double(percentile(sorted, 0.5)) / 1e6, inputs: inputs).print()
        Figure(name: "control.haltToLastCancel.max", unit: "ms", value: Double(sorted.last ?? 0) / 1e6, inputs: inputs).print()
    }

    /// Checks `condition` every 100 µs for at most ten seconds; whether it came true.
    private static func waitUntil(_ condition: () -> Bool) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while DispatchTime.now().uptimeNanoseconds < deadline {
            if condition() { return true }
            usleep(100)
        }
        return false
    }
}
