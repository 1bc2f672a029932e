import Backtest
import Recording

/// The progress line of a long backtest on stderr: shown only when stderr is a terminal and
/// the run has lasted more than two seconds, redrawn in place, and erased at the end.
final class BacktestProgress {
    private let reader: any RecordingReader
    private let started = ContinuousClock.now
    private let enabled = Console.stderrIsTerminal
    private var shown = false

    init(reader: any RecordingReader) {
        self.reader = reader
    }

    /// Redraws the line for `statistics`, once the run is long enough.
    func update(_ statistics: BacktestStatistics) {
        guard enabled else { return }
        let elapsed = ContinuousClock.now - started
        guard elapsed > .seconds(2) else { return }
        let (consumed, total) = reader.progress
        let nanoseconds = UInt64(elapsed.components.seconds) * 1_000_000_000 + UInt64(elapsed.components.attoseconds / 1_000_000_000)
        let line = ProgressLine(events: statistics.books + statistics.trades, elapsedNanoseconds: nanoseconds, consumedBytes: consumed, totalBytes: total)
        Console.status(line.text)
        shown = true
    }

    /// Erases the line if it was drawn.
    func clear() {
        if shown { Console.status("") }
    }
}
