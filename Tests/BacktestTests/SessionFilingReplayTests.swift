import Backtest
import Foundation
import Recording
import Risk
import StrategyKit
import Testing
import Trading

/// Sells on an 8-K with results (item 2.02) and nothing else.
private final class SellsOnResults: Strategy {
    func onFiling(_ filing: Filing, context: StrategyContext) -> [Intent] {
        guard filing.form == "8-K", filing.items.contains("2.02") else { return [] }
        return [.place(OrderRequest(symbol: filing.symbol, side: .sell, price: 5_010, qty: 10, tag: "results"))]
    }
}

/// A filing is an engine input like any other: a session records it and replays to the same
/// actions.
@Suite(.timeLimit(.minutes(10))) struct SessionFilingReplayTests {
    static func engine() throws -> TradingEngine {
        let parameters = try StrategyParameters(schema: [])
        return TradingEngine(
            venue: "TESTEX",
            strategies: [EngineStrategy(
                id: "f", symbols: ["FOOBAR"], parameters: parameters, strategy: SellsOnResults(), limits: BacktesterTests.limits,
                data: MarketDataSubscription(books: nil, filings: true))],
            accountLimits: AccountRiskLimits(maxSymbolPosition: 10_000, maxLoss: 100_000_000), journal: MemoryFillJournal(),
            logger: Logger(part: "engine", level: .error, handler: SilentLogHandler()))
    }

    static let filing = Filing(
        symbol: "FOOBAR", form: "8-K", accessionNumber: "0000320193-26-000002", accepted: Timestamp(nanoseconds: 1_000),
        filingDate: "2026-12-01", items: ["2.02", "9.01"], documentURL: "https://www.sec.gov/Archives/edgar/data/1/2/doc.htm",
        companyName: "Foobar Inc.")

    @Test func aRecordedFilingReplaysToTheSameOrder() throws {
        let path = RecordingFixtures.temporaryPath("filing-session.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try RecordingWriter(path: path, header: RecordingFixtures.header, format: .jsonLines)
        let recorder = SessionRecorder(writer: writer)
        let live = try Self.engine()
        let start = Timestamp(nanoseconds: 1_000_000)
        try recorder.started(at: start, actions: live.start(at: start))
        let events: [EngineEvent] = [
            .book(RecordingFixtures.book(sequence: 1, time: 2_000_000, bids: [(5_000, 10)], asks: [(5_010, 10)])),
            .filing(Self.filing, at: Timestamp(nanoseconds: 3_000_000)),
        ]
        var placed = 0
        for event in events {
            let actions = try live.handle(event)
            placed += actions.count { if case .place = $0 { true } else { false } }
            try recorder.handled(event, fills: [], actions: actions)
        }
        try writer.close()
        #expect(placed == 1)
        let records = try RecordingFormat.open(path: path).readAll()
        #expect(records.contains(.filing(Self.filing, time: Timestamp(nanoseconds: 3_000_000))))
        let outcome = try SessionReplay.run(try RecordingFormat.open(path: path), engine: Self.engine())
        guard case .identical(_, let actions) = outcome else {
            Issue.record("expected identical, got \(outcome)")
            return
        }
        #expect(actions == 1)
    }
}
