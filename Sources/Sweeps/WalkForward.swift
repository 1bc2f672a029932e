import Backtest
import FoundationEssentials
import Recording
import Reports

/// `--walk-forward train=10d,test=2d`: the days of data split into windows, each optimised on its
/// training days and judged on the test days after them. Days are days of data present (the
/// recordings' days, `DayRecordings`), not calendar days: a weekend or a missing file is no day.
///
/// Window `i` trains on days `[i·test, i·test + train)` and tests on the `test` days after them;
/// the windows step by `test`, so the test days follow one another without overlap, and the
/// days after the last whole window are not used.
public struct WalkForward: Hashable, Sendable, Codable {
    /// One window, as indices into the days.
    public struct Window: Hashable, Sendable, Codable {
        public var index: Int
        public var train: Range<Int>
        public var test: Range<Int>

        public init(index: Int, train: Range<Int>, test: Range<Int>) {
            self.index = index
            self.train = train
            self.test = test
        }
    }

    public var trainDays: Int
    public var testDays: Int

    public init(trainDays: Int, testDays: Int) {
        precondition(trainDays > 0 && testDays > 0, "windows have days")
        self.trainDays = trainDays
        self.testDays = testDays
    }

    /// Parses `train=Nd,test=Md` (either order, N and M at least 1); nil for anything else.
    public init?(parsing text: String) {
        var values: [String: Int] = [:]
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, pair[1].hasSuffix("d"), let days = Int(pair[1].dropLast()), days >= 1,
                  ["train", "test"].contains(pair[0]), values[String(pair[0])] == nil else { return nil }
            values[String(pair[0])] = days
        }
        guard let train = values["train"], let test = values["test"] else { return nil }
        self.init(trainDays: train, testDays: test)
    }

    /// How `--walk-forward` reads it.
    public var text: String { "train=\(trainDays)d,test=\(testDays)d" }

    /// The whole windows `days` days hold, in order; none when fewer than `trainDays + testDays`.
    public func windows(days: Int) -> [Window] {
        stride(from: 0, through: days - trainDays - testDays, by: testDays).enumerated().map { index, start in
            Window(index: index, train: start..<(start + trainDays), test: (start + trainDays)..<(start + trainDays + testDays))
        }
    }

    /// The days the windows cover, first training day to last test day: the period the
    /// in-sample best is chosen over.
    public func period(days: Int) -> Range<Int> {
        let windows = windows(days: days)
        guard let first = windows.first, let last = windows.last else { return 0..<0 }
        return first.train.lowerBound..<last.test.upperBound
    }

    /// Runs the walk-forward here: for each window, the cells at `positions` of `grid` (every
    /// cell by default) over its training days, ranked by `objective`; the best over its test
    /// days; and the same cells over the whole period for the in-sample best. `makeBacktester` is
    /// as for `ParameterSweep.run`. Throws when the days hold no whole window, or as a cell does.
    public func run(
        _ grid: ParameterGrid, positions: [Int]? = nil, days: [RecordingDay], objective: SweepObjective,
        concurrency: Int = ProcessInfo.processInfo.activeProcessorCount,
        makeBacktester: @Sendable ([ParameterGrid.Assignment]) throws(BacktestError) -> Backtester
    ) throws(BacktestError) -> WalkForwardReport {
        let windows = windows(days: days.count)
        guard !windows.isEmpty else {
            throw .badParameter(
                argument: "walk-forward \(text)", reason: "needs \(trainDays + testDays) days of data, the recordings hold \(days.count)")
        }
        var results: [WalkForwardReport.WindowResult] = []
        for window in windows {
            let ranked = try ParameterSweep.run(
                grid, positions: positions, recordings: days[window.train].map(\.path), objective: objective,
                concurrency: concurrency, makeBacktester: makeBacktester)
            let test = try ParameterSweep.backtest(ranked[0].assignments, recordings: days[window.test].map(\.path), makeBacktester: makeBacktester)
            results.append(WalkForwardReport.WindowResult(window: window, chosen: ranked[0], test: test))
        }
        let whole = try ParameterSweep.run(
            grid, positions: positions, recordings: days[period(days: days.count)].map(\.path), objective: objective,
            concurrency: concurrency, makeBacktester: makeBacktester)
        return WalkForwardReport(plan: self, objective: objective, days: days, windows: results, grid: grid, wholePeriod: whole)
    }
}
