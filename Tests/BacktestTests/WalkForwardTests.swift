import Backtest
import Foundation
import Recording
import Reports
import StrategyKit
import Sweeps
import Testing

/// Buys `quantity` at the first book, a cent through the ask, and holds: the more it buys, the
/// more a rising market pays it and a falling one costs it.
final class BuyAndHold: Strategy {
    let quantity: Quantity
    var bought = false

    init(quantity: Quantity) { self.quantity = quantity }

    func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        let book = view.shown
        guard !bought, let ask = book.bestAsk else { return [] }
        bought = true
        return [.place(OrderRequest(symbol: book.symbol, side: .buy, type: .immediateOrCancel, price: ask + 1, qty: quantity))]
    }
}

/// A walk-forward over ten days whose market rises $2 a day for five days, then falls $1 a day:
/// the best cell (buying 100 rather than 1) flips half-way, so the windows trained on the rise
/// carry its choice into the fall, and the out-of-sample result falls short of the in-sample best.
@Suite(.timeLimit(.minutes(10))) struct WalkForwardTests {
    static let dates = (2...11).map { String(format: "2026-11-%02d", $0) }

    /// One day file per date in a new directory, `YYYY-MM-DD.jsonl` with its session in the
    /// header: 200 books 30 s apart, the mid moving evenly by `moves[day]` cents over the day
    /// from where the day before ended, a cent either side.
    static func writeDays(moves: [Int64]) throws -> String {
        let directory = RecordingFixtures.temporaryPath("days")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var mid: Int64 = 5_000
        for (day, move) in moves.enumerated() {
            let start: Int64 = 1_800_000_000_000_000_000 + Int64(day) * 86_400_000_000_000
            let step: Int64 = 30_000_000_000
            let session = RecordingSession(
                date: dates[day], open: Timestamp(nanoseconds: start - step), close: Timestamp(nanoseconds: start + 200 * step))
            let writer = try RecordingWriter(
                path: "\(directory)/\(dates[day]).jsonl",
                header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tests", session: session), format: .jsonLines)
            let open = mid
            for index in 0..<200 {
                mid = open + move * Int64(index) / 199
                try writer.append(.book(RecordingFixtures.book(
                    sequence: UInt64(day * 200 + index + 1), time: start + Int64(index) * step, bids: [(mid - 1, 1_000)],
                    asks: [(mid + 1, 1_000)])))
            }
            try writer.close()
        }
        return directory
    }

    static func walkForward(_ days: [RecordingDay], objective: SweepObjective) throws -> WalkForwardReport {
        let grid = try ParameterGrid(arguments: ["quantity=1,100"])
        return try WalkForward(trainDays: 3, testDays: 1).run(grid, days: days, objective: objective, concurrency: 2) { (cell) throws(BacktestError) -> Backtester in
            do {
                return try BacktesterTests.backtester(BuyAndHold(quantity: Quantity(shares: Int64(cell[0].value)!)))
            } catch {
                throw .badParameter(argument: "\(cell)", reason: "\(error)")
            }
        }
    }

    @Test func theInSampleBestDegradesOutOfSampleWhenTheBestCellFlips() throws {
        let directory = try Self.writeDays(moves: [200, 200, 200, 200, 200, -100, -100, -100, -100, -100])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let days = try DayRecordings.select([directory])
        #expect(days.map(\.date) == Self.dates)
        let report = try Self.walkForward(days, objective: .pnl)

        // Seven windows, testing days 3 to 9 one at a time.
        #expect(report.windows.map(\.window.test) == (3..<10).map { $0..<($0 + 1) })
        #expect(report.windows.map(\.window.train) == (0..<7).map { $0..<($0 + 3) })
        // Trained on a rise (net of the cent paid), the windows buy 100; on days 4 to 6, which end
        // where they began, and on the fall, they buy 1.
        #expect(report.windows.map { $0.parameters["quantity"] } == ["100", "100", "100", "100", "1", "1", "1"])
        // 100 shares bought a cent above a mid that then rises $2 (199 cents a share) or falls $1
        // (101 cents a share lost); 1 share on the last three days.
        #expect(report.windows.map(\.outOfSample.totalPnL) == [19_900, 19_900, -10_100, -10_100, -101, -101, -101].map { Money(cents: $0) })
        #expect(report.outOfSample.summary.totalPnL == Money(cents: 19_297))
        #expect(report.outOfSample.days == 7)
        #expect(report.outOfSample.summary.fills == 7)

        // Over the whole ten days the market rose $5: buying 100 is the in-sample best, 499 cents a share.
        #expect(report.inSampleBest.parameters == ["quantity": "100"])
        #expect(report.wholePeriod.map { $0.parameters["quantity"] } == ["100", "1"])
        #expect(report.inSampleBest.summary.totalPnL == Money(cents: 49_900))
        #expect(report.inSampleBest.days == 10)
        #expect(report.inSampleBest.pnlPerDay == Money(cents: 4_990))
        #expect(report.outOfSample.pnlPerDay == Money(units: 19_297 * 100 / 7))
        let degradation = try #require(report.degradationPercent)
        #expect(abs(degradation - (4_990.0 - 19_297.0 / 7) / 4_990 * 100) < 1e-9)
        #expect(degradation > 40)

        // The stitched drawdown: from the peak after day 4 (+398.00) down through days 5 and 6
        // (-202.00) and the last three days' 3 cents, with the intraday path's steps.
        #expect(report.outOfSample.summary.maxDrawdown >= Money(cents: 20_203))
        #expect(report.outOfSample.objective == .money(Money(cents: 19_297)))
    }

    @Test func aWalkForwardRepeatsExactlyAndNeedsAWholeWindow() throws {
        let directory = try Self.writeDays(moves: [200, -100, 50, 200, -100])
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let days = try DayRecordings.select([directory])
        let first = try Self.walkForward(days, objective: .sharpe)
        #expect(try Self.walkForward(days, objective: .sharpe) == first)
        #expect(first.windows.count == 2)
        #expect(first.objective == .sharpe)
        #expect(first.outOfSample.objective == first.outOfSample.summary.sharpe.map(SweepObjective.Value.ratio))
        #expect(throws: BacktestError.self) { try Self.walkForward(Array(days.prefix(3)), objective: .pnl) }
    }
}
