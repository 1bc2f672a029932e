import Backtest
import Foundation
import Live
import MarketMaker
import Recording
import Risk
import StrategyKit
import Testing
import Trading

@Suite(.timeLimit(.minutes(10))) struct SessionReplayTests {
    static func parameters(halfSpread: Int64) throws -> StrategyParameters {
        try StrategyParameters(
            schema: MarketMaker.parameters, values: ["halfSpreadCents": .integer(halfSpread), "quoteSize": .integer(20)])
    }

    static func engine(halfSpread: Int64, journal: any FillJournal = MemoryFillJournal()) throws -> TradingEngine {
        let parameters = try parameters(halfSpread: halfSpread)
        return TradingEngine(
            venue: "TESTEX",
            strategies: [EngineStrategy(
                id: "s", symbols: ["FOOBAR"], parameters: parameters, strategy: try MarketMaker(parameters: parameters),
                limits: BacktesterTests.limits)],
            accountLimits: AccountRiskLimits(maxSymbolPosition: 10_000, maxLoss: 100_000_000), journal: journal,
            logger: Logger(part: "engine", level: .error, handler: SilentLogHandler()))
    }

    /// A session recorded from a backtest of MarketMaker with a half spread of 2 cents.
    static func recordSession(to path: String) throws {
        let books = RecordingFixtures.temporaryPath("books.twrb")
        defer { try? FileManager.default.removeItem(atPath: books) }
        try BacktesterTests.writeDriftingRecording(to: books, books: 800)
        let writer = try RecordingWriter(path: path, header: RecordingFixtures.header, format: .jsonLines)
        let backtester = try Backtester(
            venue: ReplayVenueConfiguration(venue: "TESTEX", account: "EXB123456", orderLatencyMilliseconds: 2),
            session: SessionRecorder(writer: writer)
        ) { journal in try engine(halfSpread: 2, journal: journal) }
        _ = try backtester.run(try RecordingFormat.open(path: books))
        try writer.close()
    }

    @Test func replayOfTheSameStrategyIsIdentical() throws {
        let session = RecordingFixtures.temporaryPath("session.jsonl")
        defer { try? FileManager.default.removeItem(atPath: session) }
        try Self.recordSession(to: session)
        let outcome = try SessionReplay.run(try RecordingFormat.open(path: session), engine: Self.engine(halfSpread: 2))
        guard case .identical(let inputs, let actions) = outcome else {
            Issue.record("expected identical, got \(outcome)")
            return
        }
        #expect(inputs > 800)
        #expect(actions > 10)
    }

    @Test func replayWithAChangedParameterReportsTheFirstDivergence() throws {
        let session = RecordingFixtures.temporaryPath("session.jsonl")
        defer { try? FileManager.default.removeItem(atPath: session) }
        try Self.recordSession(to: session)
        let outcome = try SessionReplay.run(try RecordingFormat.open(path: session), engine: Self.engine(halfSpread: 3))
        guard case .diverged(_, .place(_, let expected, _, _)?, .place(_, let actual, _, _)?) = outcome else {
            Issue.record("expected two different orders, got \(outcome)")
            return
        }
        #expect(expected.price != actual.price)
        #expect(expected.side == actual.side)
    }

    @Test func engineEventsRoundTripThroughRecords() {
        let time = Timestamp(nanoseconds: 5)
        let events: [EngineEvent] = [
            .timer(time), .placeRejected(ClientOrderID(rawValue: 1), reason: "X", at: time),
            .placeOutcomeUnknown(ClientOrderID(rawValue: 2), at: time), .cancelFailed(3, reason: "Y", at: time),
            .orderReports([], at: time), .accountOrders([], venue: "TESTEX", symbol: nil, requestedAt: time, at: time),
            .filing(SessionFilingReplayTests.filing, at: time),
        ]
        for event in events {
            let record = RecordedEvent(event)
            #expect(record.role == .input)
            #expect(record.time == time)
            #expect(record.engineEvent.map(RecordedEvent.init) == record)
        }
    }
}
