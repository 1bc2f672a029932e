import Backtest
import Foundation
import Ledger
import Live
import MarketMaker
import Recording
import Reports
import Risk
import SimulatedMarket
import StrategyKit
import Sweeps
import Testing
import Trading

/// Discards log records: a backtest's engine logs every order and fill.
final class SilentLogHandler: LogHandler {
    func write(_ record: LogRecord) {}
}

/// Buys 10 with an immediate-or-cancel order limited to a cent above the first book's best ask,
/// then, once, offers them at the first fill's price plus 10 cents and waits. (The engine books
/// all fills of a report before telling the strategy, so each `onFill` sees the position after
/// all of them.)
final class RoundTrip: Strategy {
    var bought = false

    func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        let book = view.shown
        guard !bought, let ask = book.bestAsk else { return [] }
        bought = true
        return [.place(OrderRequest(symbol: book.symbol, side: .buy, type: .immediateOrCancel, price: ask + 1, qty: 10))]
    }

    func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] {
        guard fill.side == .buy, context.position(fill.symbol).quantity == 10,
              !context.openOrders(fill.symbol).contains(where: { $0.request.side == .sell })
        else { return [] }
        return [.place(OrderRequest(symbol: fill.symbol, side: .sell, price: fill.price + 10, qty: 10))]
    }
}

@Suite(.timeLimit(.minutes(10))) struct BacktesterTests {
    static let limits = RiskLimits(
        maxOrderQty: 1_000, maxPosition: 10_000, maxNotionalPerOrder: 100_000_000, maxOpenOrders: 100,
        priceCollarBasisPoints: 10_000, maxOrdersPerSecond: 1_000, staleBookMs: 60_000, allowMarketOrders: true,
        maxLoss: 100_000_000)

    static func backtester(
        _ strategy: any Strategy, parameters: StrategyParameters? = nil, fees: FeeSchedule = .none, latency: Int64 = 0,
        ledger: (any FillJournal)? = nil, limits: RiskLimits = limits
    ) throws -> Backtester {
        let parameters = try parameters ?? StrategyParameters(schema: [])
        return Backtester(
            venue: ReplayVenueConfiguration(
                venue: "TESTEX", account: "EXB123456", orderLatencyMilliseconds: latency, cancelLatencyMilliseconds: latency,
                fees: fees),
            ledger: ledger
        ) { journal in
            TradingEngine(
                venue: "TESTEX",
                strategies: [EngineStrategy(id: "s", symbols: ["FOOBAR"], parameters: parameters, strategy: strategy, limits: limits)],
                accountLimits: AccountRiskLimits(maxSymbolPosition: 10_000, maxLoss: 100_000_000), journal: journal,
                logger: Logger(part: "engine", level: .error, handler: SilentLogHandler()))
        }
    }

    func book(_ ms: Int64, bids: [(Int64, Int64)], asks: [(Int64, Int64)]) -> BookSnapshot {
        RecordingFixtures.book(sequence: UInt64(ms), time: 1_700_000_000_000_000_000 + ms * 1_000_000, bids: bids, asks: asks)
    }

    @Test func engineOrdersFillOnTheReplayVenueAndReachTheMetrics() throws {
        let backtester = try Self.backtester(RoundTrip(), fees: FeeSchedule(takerPerShare: 1, makerPerShare: -1))
        try backtester.feed(book(1, bids: [(5000, 50)], asks: [(5010, 4), (5011, 20)]))
        try backtester.feed(book(2, bids: [(5000, 50)], asks: [(5011, 20)]))
        try backtester.feed(book(3, bids: [(5025, 5)], asks: [(5030, 20)]))
        try backtester.finish()
        let fills = backtester.metrics.fills.map { [$0.fill.side == .buy ? 1 : -1, $0.fill.price.cents(rounded: .towardZero), $0.fill.qty.shares, $0.fee.cents(rounded: .towardZero)] }
        #expect(fills == [[1, 5010, 4, 4], [1, 5011, 6, 6], [-1, 5020, 10, -10]])
        let summary = backtester.metrics.summary()
        #expect(summary.realizedPnL == Money(cents: 10 * 5020 - 4 * 5010 - 6 * 5011))
        #expect(summary.fees == 0)
        #expect(backtester.engine.portfolio.accountPosition(in: "FOOBAR").quantity == 0)
        #expect(backtester.statistics.orders == 2)
        #expect(backtester.statistics.fills == 3)
    }

    @Test func latencyMakesTheOrderMeetALaterBook() throws {
        let backtester = try Self.backtester(RoundTrip(), latency: 5)
        try backtester.feed(book(1, bids: [(5000, 50)], asks: [(5010, 10)]))
        try backtester.feed(book(3, bids: [(5000, 50)], asks: [(5012, 10)]))
        try backtester.feed(book(9, bids: [(5000, 50)], asks: [(5010, 10)]))
        try backtester.finish()
        // Sent at 1 ms, the order reaches the venue at 6 ms and meets the 3 ms book: no ask at 5010.
        #expect(backtester.metrics.fills.isEmpty)
        #expect(backtester.statistics.orders == 1)
    }

    @Test func booksReceivedOutOfOrderRunOnTheSimulatedClock() throws {
        let backtester = try Self.backtester(RoundTrip())
        try backtester.feed(book(5, bids: [(5000, 50)], asks: [(5010, 10)]))
        try backtester.feed(book(2, bids: [(5000, 50)], asks: [(5010, 10)]))
        try backtester.finish()
        #expect(backtester.statistics.books == 2)
        #expect(backtester.engine.statistics.booksDropped == 1)
        #expect(backtester.metrics.end == book(5, bids: [], asks: []).receivedTime)
    }

    @Test func finishCancelsWhatIsStillOpen() throws {
        let backtester = try Self.backtester(RoundTrip())
        try backtester.feed(book(1, bids: [(5000, 50)], asks: [(5010, 10)]))
        try backtester.feed(book(2, bids: [(5000, 50)], asks: [(5010, 10)]))
        try backtester.finish()
        #expect(backtester.venue.openOrders.isEmpty)
        #expect(backtester.statistics.cancels == 1)
        #expect(backtester.engine.orders.openOrders.isEmpty)
    }

    /// A MarketMaker run over a generated recording: many books, quotes, cancels and fills.
    func marketMakerRun(recording: String, ledgerPath: String?, readingAhead: Bool = false) throws -> (BacktestReport, Backtester) {
        let ledger = try ledgerPath.map { path in
            LedgerFillJournal(ledger: try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never))
        }
        let parameters = try StrategyParameters(
            schema: MarketMaker.parameters,
            values: ["halfSpreadCents": .integer(2), "quoteSize": .integer(20), "requoteCents": .integer(1)])
        let backtester = try Self.backtester(
            try MarketMaker(parameters: parameters), parameters: parameters,
            fees: FeeSchedule(takerPerShare: 1, makerPerShare: -1), latency: 2, ledger: ledger)
        let metrics = try backtester.run(try RecordingFormat.open(path: recording, readingAhead: readingAhead))
        try ledger?.ledger.close()
        return (BacktestReport(title: "MarketMaker", metrics: metrics), backtester)
    }

    static func writeDriftingRecording(to path: String, books: Int) throws {
        var random = SplitMix64(seed: 11)
        var mid: Int64 = 5000
        let writer = try RecordingWriter(path: path, header: RecordingFixtures.header, format: .binary)
        for index in 0..<books {
            mid += Int64.random(in: -2...2, using: &random)
            let bids = (1...5).map { (mid - $0, Int64.random(in: 1...60, using: &random)) }
            let asks = (1...5).map { (mid + $0, Int64.random(in: 1...60, using: &random)) }
            try writer.append(.book(RecordingFixtures.book(
                sequence: UInt64(index + 1), time: 1_700_000_000_000_000_000 + Int64(index) * 50_000_000, bids: bids, asks: asks)))
        }
        try writer.close()
    }

    /// The second run reads the recording ahead on another thread, as `tickwork backtest` does.
    @Test func twoRunsGiveIdenticalReportsAndLedgers() throws {
        let recording = RecordingFixtures.temporaryPath("mm.twrb")
        let ledgers = [RecordingFixtures.temporaryPath("a.ledger"), RecordingFixtures.temporaryPath("b.ledger")]
        defer { for path in [recording] + ledgers { try? FileManager.default.removeItem(atPath: path) } }
        try Self.writeDriftingRecording(to: recording, books: 3_000)
        let (first, firstRun) = try marketMakerRun(recording: recording, ledgerPath: ledgers[0])
        let (second, _) = try marketMakerRun(recording: recording, ledgerPath: ledgers[1], readingAhead: true)
        #expect(first.metrics.fills.count > 10)
        #expect(firstRun.statistics.cancels > 0)
        #expect(try first.json() == second.json())
        #expect(first.equityCSV() == second.equityCSV())
        #expect(first.html() == second.html())
        #expect(try RecordingFixtures.bytes(ledgers[0]) == RecordingFixtures.bytes(ledgers[1]))
        let verification = try LedgerVerification(path: ledgers[0])
        #expect(verification.isClean)
        #expect(verification.state.entryCount == UInt64(first.metrics.fills.count))
    }

    @Test func sweepRunsEveryCellSortedByProfitAndRepeatsExactly() throws {
        let recording = RecordingFixtures.temporaryPath("sweep.twrb")
        defer { try? FileManager.default.removeItem(atPath: recording) }
        try Self.writeDriftingRecording(to: recording, books: 1_500)
        let grid = try ParameterGrid(arguments: ["halfSpreadCents=1,2,4", "quoteSize=10,30"])
        func sweep() throws -> [ParameterSweep.Cell] {
            try ParameterSweep.run(grid, recordings: [recording], concurrency: 2) { (cell) throws(BacktestError) -> Backtester in
                do {
                    let values = Dictionary(uniqueKeysWithValues: cell.map { ($0.name, ParameterValue.integer(Int64($0.value)!)) })
                    let parameters = try StrategyParameters(schema: MarketMaker.parameters, values: values)
                    return try Self.backtester(MarketMaker(parameters: parameters), parameters: parameters, latency: 2)
                } catch {
                    throw .badParameter(argument: "\(cell)", reason: "\(error)")
                }
            }
        }
        let first = try sweep()
        #expect(first.count == 6)
        #expect(Set(first.map(\.index)) == Set(0..<6))
        #expect(zip(first, first.dropFirst()).allSatisfy { $0.summary.totalPnL >= $1.summary.totalPnL })
        #expect(first.contains { $0.summary.fills > 0 })
        let second = try sweep()
        #expect(first.map(\.index) == second.map(\.index))
        #expect(first.map(\.summary) == second.map(\.summary))
    }
}
