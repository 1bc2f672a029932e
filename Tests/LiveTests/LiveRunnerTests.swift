import Brokerage
import Foundation
import Ledger
import Lifecycle
@testable import Live
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport
import Wire

/// The live runner driven through a `Broker` held in memory (`FakeBroker`), with no HTTP: what
/// it books, how it settles a lost placement, how it stops and what it cancels.
@Suite(.timeLimit(.minutes(10))) struct LiveRunnerTests {
    /// A runner of `harness`'s engine trading through `broker`, polling every 10 ms (the session
    /// too), ticking every `tickInterval`.
    static func runner(
        _ harness: EngineHarness, _ broker: FakeBroker, riskStatePath: String, tickInterval: Duration = .seconds(1)
    ) -> LiveRunner {
        LiveRunner(
            engine: harness.engine, broker: broker, pollInterval: .milliseconds(10), sessionPollInterval: .milliseconds(10),
            tickInterval: tickInterval, riskStatePath: riskStatePath,
            recorded: [:], unknownOrderPolicy: .cancel, logger: Logger(part: "engine", level: .debug, handler: harness.logs),
            notifier: SystemdNotifier(environment: [:]), cancelWait: .seconds(60), emergencyWait: .seconds(60),
            now: WallClock.now)
    }

    /// A risk-state path in a directory of its own, removed by `body`'s end.
    static func withRiskStatePath<T>(_ body: (String) async throws -> T) async throws -> T {
        let scratch = try TemporaryDirectory("tickwork-runner")
        defer { scratch.remove() }
        return try await body(scratch.file("risk-state.json"))
    }

    /// Sets `harness`'s strategy to buy 10 shares on the first book it sees, once.
    static func buyOnce(_ harness: EngineHarness) {
        var sent = false
        harness.strategy.onBookIntents = { _, _ in
            defer { sent = true }
            return sent ? [] : [.place(EngineHarness.buy)]
        }
    }

    /// Runs `harness`'s engine through `broker`, its strategy buying once, until `stopOn` (given
    /// the runner's inbox) has the strategy post a stop.
    static func run(_ harness: EngineHarness, _ broker: FakeBroker, stopOn: (Inbox<LiveRunner.Message>) -> Void) async throws {
        try await withRiskStatePath { path in
            let runner = runner(harness, broker, riskStatePath: path)
            buyOnce(harness)
            stopOn(runner.inbox)
            try await runner.run()
        }
    }

    /// Has `harness`'s strategy post a stop when it hears of a fill.
    static func stopOnFill(_ harness: EngineHarness) -> (Inbox<LiveRunner.Message>) -> Void {
        { inbox in
            harness.strategy.onFillIntents = { _, _ in
                inbox.post(.stop("filled"))
                return []
            }
        }
    }

    @Test func aFillInThePlacementsAnswerIsBookedAndTheStrategyHearsIt() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .placed(filled: 10), clock: WallClock.now)
        try await Self.run(harness, broker, stopOn: Self.stopOnFill(harness))
        #expect(harness.journal.fills.map(\.qty) == [10])
        #expect(harness.strategy.fills.map(\.qty) == [10])
        #expect(harness.engine.portfolio.position(of: "s1", in: "FOOBAR").quantity == 10)
        #expect(harness.engine.orders.openOrders.isEmpty)
        #expect(broker.calls.places == 1)
        #expect(harness.logs.messages.contains("stopped"))
    }

    @Test func theEngineAndTheBrokerCallsRunOnTheRunnersOwnThread() async throws {
        let harness = try EngineHarness()
        let threads = Locked<[String]>([])
        let broker = FakeBroker(placement: .placed(filled: 10), clock: WallClock.now) {
            threads.update { $0.append("place: " + ThreadExecutorTests.threadName()) }
        }
        try await Self.run(harness, broker) { inbox in
            harness.strategy.onFillIntents = { _, _ in
                threads.set(threads.get() + ["fill: " + ThreadExecutorTests.threadName()])
                inbox.post(.stop("filled"))
                return []
            }
        }
        #expect(threads.get() == ["place: tickwork-engine", "fill: tickwork-engine"])
    }

    @Test func aPlacementWhoseAnswerIsLostIsSettledFromTheAccountsOrdersAndNeverResent() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .answerLost(filled: 10), clock: WallClock.now)
        try await Self.run(harness, broker, stopOn: Self.stopOnFill(harness))
        #expect(harness.journal.fills.map(\.qty) == [10])
        #expect(harness.strategy.updates.first == .accepted(100, EngineHarness.buy))
        #expect(harness.engine.orders.openOrders.isEmpty)
        #expect(broker.calls.places == 1)
        // One list to reconcile at start, at least one more to settle the placement.
        #expect(broker.calls.lists >= 2)
    }

    @Test func aRejectedPlacementReachesTheStrategyWithTheBrokersReason() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .rejected("no such stock"), clock: WallClock.now)
        try await Self.run(harness, broker) { inbox in
            harness.strategy.onUpdateIntents = { _, _ in
                inbox.post(.stop("rejected"))
                return []
            }
        }
        #expect(harness.strategy.updates == [.rejected(EngineHarness.buy, reason: "EXCHANGE_REJECTED: no such stock")])
        #expect(harness.journal.fills.isEmpty)
    }

    @Test func cancellingTheServiceCancelsTheOpenOrdersAndReturns() async throws {
        let harness = try EngineHarness()
        let broker = FakeBroker(placement: .placed(filled: 0), clock: WallClock.now)
        let (accepted, signal) = AsyncStream<Void>.makeStream()
        try await Self.withRiskStatePath { path in
            let runner = Self.runner(harness, broker, riskStatePath: path)
            Self.buyOnce(harness)
            harness.strategy.onUpdateIntents = { _, _ in
                signal.yield()
                return []
            }
            let service = Task { try await runner.run() }
            for await _ in accepted { break }
            service.cancel()
            try await service.value
        }
        #expect(harness.strategy.stopped)
        #expect(broker.calls.cancels == [100])
        #expect(harness.engine.orders.openOrders.isEmpty)
        #expect(try await broker.orders(venue: "TESTEX").allSatisfy { !$0.open })
    }

    @Test func anOrderAcknowledgedAfterTheStopIsCancelledBeforeTheRunnerReturns() async throws {
        let harness = try EngineHarness()
        // The stop reaches the inbox while the placement is on the exchange's books but not yet
        // answered, so the engine can cancel it only once the acknowledgement arrives.
        let inbox = Locked<Inbox<LiveRunner.Message>?>(nil)
        let broker = FakeBroker(placement: .placed(filled: 0), clock: WallClock.now) {
            inbox.get()?.post(.stop("stopped with a placement in flight"))
        }
        try await Self.run(harness, broker) { inbox.set($0) }
        #expect(broker.calls.cancels == [100])
        #expect(harness.engine.orders.openOrders.isEmpty)
        #expect(try await broker.orders(venue: "TESTEX").allSatisfy { !$0.open })
    }

    @Test func aLedgerFailureCancelsEveryOpenOrderOfTheAccountAndThrows() async throws {
        let failure = LedgerError.system(path: "fills.ledger", call: "fsync", errno: 5)
        let harness = try EngineHarness(journal: FailingJournal(failure))
        // An order of an earlier session (9), adopted at start, and one placed now (101) that
        // fills 4 of 10 shares: a fill the ledger cannot book.
        let earlier = EngineHarness.status(id: 9, side: .sell, price: 5_200, qty: 5)
        let broker = FakeBroker(placement: .placed(filled: 4), orders: [earlier], clock: WallClock.now)
        let thrown = try await Self.withRiskStatePath { path in
            let runner = LiveRunner(
                engine: harness.engine, broker: broker, pollInterval: .milliseconds(10), riskStatePath: path, recorded: [:],
                unknownOrderPolicy: .adopt, logger: Logger(part: "engine", level: .debug, handler: harness.logs),
                notifier: SystemdNotifier(environment: [:]), now: WallClock.now)
            Self.buyOnce(harness)
            return await #expect(throws: LiveRunnerError.self) { try await runner.run() }
        }
        guard case .ledgerFailed(let cause, let account, let left)? = thrown else {
            Issue.record("expected ledgerFailed, got \(String(describing: thrown))")
            return
        }
        #expect(cause == failure)
        #expect(account == "EXB123456")
        #expect(left == 0)
        #expect(Set(broker.calls.cancels) == [9, 101])
        #expect(try await broker.orders(venue: "TESTEX").allSatisfy { !$0.open })
    }
}

/// A fill journal whose disk has failed: every append throws `failure`.
final class FailingJournal: FillJournal {
    let failure: LedgerError

    init(_ failure: LedgerError) { self.failure = failure }

    func append(_ fill: Fill, reconciled: Bool) throws -> Bool { throw failure }

    func makeDurable() throws { throw failure }
}
