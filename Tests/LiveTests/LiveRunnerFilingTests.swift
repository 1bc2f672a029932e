import Foundation
import Lifecycle
@testable import Live
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport
import Wire

/// Hears the events the runner hands its engine.
private final class EventsHeard: EngineRecorder, @unchecked Sendable {
    let events = Locked<[EngineEvent]>([])
    func started(at time: Timestamp, actions: [EngineAction]) throws {}
    func handled(_ event: EngineEvent, actions: [EngineAction]) throws { events.update { $0.append(event) } }
    func stopped(at time: Timestamp, actions: [EngineAction]) throws {}
}

/// A filing posted to the runner (as the daemon's EDGAR poller will) reaches the engine loop,
/// the subscribed strategy and the session's recorder.
@Suite(.timeLimit(.minutes(10))) struct LiveRunnerFilingTests {
    @Test func aPostedFilingReachesTheSubscribedStrategyAndTheRecorder() async throws {
        let harness = try EngineHarness(data: MarketDataSubscription(books: .every, filings: true))
        let broker = FakeBroker(placement: .placed(filled: 0), clock: WallClock.now)
        let heard = EventsHeard()
        let filing = Filing(
            symbol: "FOOBAR", form: "8-K", accessionNumber: "0000320193-26-000002", accepted: Timestamp(nanoseconds: 1_000),
            filingDate: "2026-12-01", items: ["2.02"], documentURL: "https://www.sec.gov/Archives/edgar/data/1/2/doc.htm",
            companyName: "Foobar Inc.")
        var told: [Filing] = []
        try await LiveRunnerTests.withRiskStatePath { path in
            let runner = LiveRunner(
                engine: harness.engine, broker: broker, pollInterval: .milliseconds(10), sessionPollInterval: .milliseconds(10),
                riskStatePath: path, recorded: [:], unknownOrderPolicy: .cancel,
                logger: Logger(part: "engine", level: .debug, handler: harness.logs), notifier: SystemdNotifier(environment: [:]),
                recorder: heard, now: WallClock.now)
            harness.strategy.onFilingIntents = { filing, _ in
                told.append(filing)
                runner.inbox.post(.stop("filed"))
                return []
            }
            runner.post(filing)
            try await runner.run()
        }
        #expect(told == [filing])
        let recorded = heard.events.get().compactMap { if case .filing(let filing, _) = $0 { filing } else { nil } }
        #expect(recorded == [filing])
    }
}
