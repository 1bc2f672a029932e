import Brokerage
import Foundation
import Lifecycle
@testable import Live
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport
import Wire

/// The live runner over a broker's push stream (`FakeStreamingBroker`): a streamed quote's
/// decision, fills booked once whether the stream or a poll saw them first, the hand-over to
/// polling when the stream ends or stalls, and reconciliation before it is trusted again.
@Suite(.timeLimit(.minutes(10))) struct LiveRunnerStreamTests {
    static let first = OrderFill(price: 5_010, qty: 4, ts: EngineHarness.time(2))
    static let second = OrderFill(price: 5_010, qty: 6, ts: EngineHarness.time(3))

    /// `placed` with `fills`, open while they leave shares to fill.
    static func filled(_ placed: OrderStatus, _ fills: [OrderFill]) -> OrderStatus {
        var status = placed
        status.fills = fills
        status.totalFilled = fills.reduce(Quantity.zero) { $0 + $1.qty }
        status.qty = status.originalQty - status.totalFilled
        status.open = status.qty > .zero
        return status
    }

    /// The order the fake broker placed, and it with its first fill and with both.
    static func placed(_ broker: FakeStreamingBroker) async throws -> (partly: OrderStatus, done: OrderStatus) {
        let placed = try #require(try await broker.inner.orders(venue: "TESTEX").first)
        return (filled(placed, [first]), filled(placed, [first, second]))
    }

    /// A runner of `harness`'s engine over `broker`, polling every 10 ms, streaming with
    /// `settings`, publishing to `board`.
    static func runner(_ harness: EngineHarness, _ broker: FakeStreamingBroker, path: String, settings: StreamSettings, board: MonitorBoard) -> LiveRunner {
        LiveRunner(
            engine: harness.engine, broker: broker, pollInterval: .milliseconds(10), sessionPollInterval: .milliseconds(10),
            riskStatePath: path, recorded: [:], unknownOrderPolicy: .cancel,
            logger: Logger(part: "engine", level: .debug, handler: harness.logs), notifier: SystemdNotifier(environment: [:]),
            monitor: MonitorFeed(board: board, venue: "TESTEX", account: "EXB123456", ledgerSequence: 0),
            cancelWait: .seconds(60), emergencyWait: .seconds(60), now: WallClock.now, stream: settings)
    }

    static func settings(safety: Duration = .seconds(3_600), stall: Duration = .seconds(3_600)) -> StreamSettings {
        StreamSettings(safetyPollInterval: safety, stallTimeout: stall, initialBackoff: .milliseconds(20), maximumBackoff: .milliseconds(40))
    }

    /// Whether `condition` held within 24,000 looks 5 ms apart (two minutes at least): counted in
    /// looks, not by the clock, so a test task starved by a busy machine still looks on resuming.
    static func eventually(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<24_000 {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }

    /// The `stream switch` lines logged, as `to: reason`.
    static func switches(_ harness: EngineHarness) -> [String] {
        harness.logs.records.withLock { records in
            records.filter { $0.message == "stream switch" }.map { record in
                let fields = Dictionary(record.fields, uniquingKeysWith: { first, _ in first })
                return "\(fields["to"] ?? ""): \(fields["reason"] ?? "")"
            }
        }
    }

    /// Runs the runner in a task while `drive` acts on it, then stops it and waits.
    static func run(
        _ harness: EngineHarness, _ broker: FakeStreamingBroker, settings: StreamSettings, board: MonitorBoard = MonitorBoard(),
        drive: (LiveRunner) async throws -> Void
    ) async throws {
        let scratch = try TemporaryDirectory("tickwork-stream")
        defer { scratch.remove() }
        let runner = runner(harness, broker, path: scratch.file("risk-state.json"), settings: settings, board: board)
        let service = Task { try await runner.run() }
        do {
            try await drive(runner)
        } catch {
            runner.inbox.post(.stop("test failed"))
            _ = try? await service.value
            throw error
        }
        runner.inbox.post(.stop("test over"))
        try await service.value
    }

    /// Has `harness`'s strategy buy 10 once, on the first book, and count its updates and fills.
    static func buyOnce(_ harness: EngineHarness, when wanted: @escaping (BookSnapshot) -> Bool = { _ in true }) -> (updates: Locked<Int>, fills: Locked<Int>) {
        let updates = Locked(0), fills = Locked(0)
        var sent = false
        harness.strategy.onBookIntents = { book, _ in
            guard !sent, wanted(book) else { return [] }
            sent = true
            return [.place(EngineHarness.buy)]
        }
        harness.strategy.onUpdateIntents = { _, _ in
            updates.update { $0 += 1 }
            return []
        }
        harness.strategy.onFillIntents = { _, _ in
            fills.update { $0 += 1 }
            return []
        }
        return (updates, fills)
    }

    @Test func aStreamedQuoteReachesTheStrategyAndItsIntentIsPlaced() async throws {
        let harness = try EngineHarness()
        let broker = FakeStreamingBroker(FakeBroker(placement: .placed(filled: 10), clock: WallClock.now))
        // The polled books bid 50.00; only the streamed one bids 49.90.
        let seen = Self.buyOnce(harness) { $0.bestBid == 4_990 }
        try await Self.run(harness, broker, settings: Self.settings()) { _ in
            #expect(await Self.eventually { Self.switches(harness).count == 1 })
            let book = BookSnapshot(
                venue: "TESTEX", symbol: "FOOBAR", bids: [BookEntry(price: 4_990, qty: 100, isBuy: true)],
                asks: [BookEntry(price: 5_010, qty: 100, isBuy: false)], exchangeTime: WallClock.now().advanced(byNanoseconds: 3_600_000_000_000),
                receivedTime: .init(nanoseconds: 0), sequence: 0)
            broker.opened[0].send(.book(book))
            #expect(await Self.eventually { seen.fills.get() == 1 })
        }
        #expect(broker.inner.calls.places == 1)
        #expect(harness.journal.fills.map(\.qty) == [10])
    }

    @Test func aFillSeenByTheStreamAndByAPollIsBookedOnceWhicheverCameFirst() async throws {
        let harness = try EngineHarness()
        let broker = FakeStreamingBroker(FakeBroker(placement: .placed(filled: 0), clock: WallClock.now))
        let seen = Self.buyOnce(harness)
        try await Self.run(harness, broker, settings: Self.settings(safety: .milliseconds(20))) { _ in
            #expect(await Self.eventually { seen.updates.get() == 1 && Self.switches(harness).count == 1 })
            let (partly, done) = try await Self.placed(broker)
            // The stream first, then the polls.
            broker.opened[0].send(.order(partly))
            broker.inner.setOrder(partly)
            #expect(await Self.eventually { seen.fills.get() == 1 })
            let statuses = broker.inner.calls.statuses
            #expect(await Self.eventually { broker.inner.calls.statuses >= statuses + 2 })
            // A poll first, then the stream.
            broker.inner.setOrder(done)
            #expect(await Self.eventually { seen.fills.get() == 2 })
            broker.opened[0].send(.order(done))
            broker.opened[0].send(.order(partly))
        }
        #expect(harness.journal.fills.map(\.qty) == [4, 6])
        #expect(harness.strategy.fills.map(\.qty) == [4, 6])
        #expect(harness.engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 10)
    }

    @Test func aStreamEndingMidFillHandsOverToPollsAndIsReconciledBeforeItIsTrustedAgain() async throws {
        let harness = try EngineHarness()
        let broker = FakeStreamingBroker(FakeBroker(placement: .placed(filled: 0), clock: WallClock.now))
        let board = MonitorBoard()
        let seen = Self.buyOnce(harness)
        try await Self.run(harness, broker, settings: Self.settings(), board: board) { runner in
            #expect(await Self.eventually { seen.updates.get() == 1 && Self.switches(harness).count == 1 })
            let (partly, done) = try await Self.placed(broker)
            broker.opened[0].send(.order(partly))
            #expect(await Self.eventually { seen.fills.get() == 1 })
            // The rest fills while the stream is down and cannot be opened again.
            broker.refuseOpens(Int.max)
            broker.opened[0].send(.closed(reason: "connection lost"))
            #expect(await Self.eventually { runner.pace?.isTrusted == false })
            broker.inner.setOrder(done)
            // Polled at the normal rate (the safety interval is an hour): the rest is booked.
            #expect(await Self.eventually { seen.fills.get() == 2 })
            let lists = broker.inner.calls.lists
            broker.refuseOpens(0)
            #expect(await Self.eventually { Self.switches(harness).count == 3 })
            #expect(broker.opened.count == 2)
            #expect(broker.inner.calls.lists > lists, "the account's orders are listed before the stream is trusted again")
            broker.opened[1].send(.order(done))
        }
        #expect(Self.switches(harness) == [
            "stream: connected, orders reconciled", "poll: closed: connection lost", "stream: reconnected, orders reconciled",
            "poll: the runner is stopping",
        ])
        #expect(harness.journal.fills.map(\.qty) == [4, 6])
        let figures = board.traffic.streams["TESTEX"]
        #expect(figures?.switches == ["stream": 2, "poll": 2])
        #expect((figures?.reconnects ?? 0) >= 1)
        #expect(figures?.messages["order"] == 2)
        #expect(figures?.up == false, "down once the runner stopped")
    }

    @Test func aStalledStreamIsClosedAndReplaced() async throws {
        let harness = try EngineHarness()
        let broker = FakeStreamingBroker(FakeBroker(placement: .placed(filled: 0), clock: WallClock.now))
        try await Self.run(harness, broker, settings: Self.settings(stall: .milliseconds(100))) { _ in
            #expect(await Self.eventually { broker.opened.count >= 2 })
        }
        #expect(broker.opened[0].closed)
        #expect(Self.switches(harness).dropFirst().first?.hasPrefix("poll: stalled: nothing heard for") == true)
    }

    @Test func aBrokerThatDoesNotStreamIsPolled() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .placed(filled: 10), clock: WallClock.now)
        let scratch = try TemporaryDirectory("tickwork-stream")
        defer { scratch.remove() }
        let runner = LiveRunner(
            engine: harness.engine, broker: broker, pollInterval: .milliseconds(10), riskStatePath: scratch.file("risk-state.json"),
            recorded: [:], unknownOrderPolicy: .cancel, logger: Logger(part: "engine", level: .debug, handler: harness.logs),
            notifier: SystemdNotifier(environment: [:]), now: WallClock.now, stream: Self.settings())
        let seen = Self.buyOnce(harness)
        let service = Task { try await runner.run() }
        #expect(await Self.eventually { seen.fills.get() == 1 })
        runner.inbox.post(.stop("test over"))
        try await service.value
        #expect(harness.logs.messages.contains("exchange.stream is set but the broker does not stream; polling"))
    }
}
