import Wire

/// What a `data download` has done so far, and its progress line on stderr: symbols, days,
/// records, megabytes, the record rate and the time left. The line is drawn only when stderr
/// is a terminal, redrawn in place at most five times a second and erased at the end; the
/// counts also make the `--json` summary.
final class DownloadProgress {
    let symbols: Int
    /// The symbol-days asked for.
    let days: Int
    /// Symbol-days written now, and those skipped because their file was already complete.
    private(set) var downloaded = 0
    private(set) var skipped = 0
    /// Records written now, and the bytes of the files written now.
    private(set) var records = 0
    private(set) var bytes = 0
    /// What is being downloaded, e.g. `AAPL 2026-11-02`.
    private var current = ""
    private let started = ContinuousClock.now
    private var drawn: ContinuousClock.Instant?
    private let enabled: Bool

    init(symbols: Int, days: Int, terminal: Bool = Console.stderrIsTerminal) {
        self.symbols = symbols
        self.days = days
        enabled = terminal
    }

    /// The time since the download started.
    var elapsed: Duration { ContinuousClock.now - started }

    func starting(_ label: String) {
        current = label
        draw(force: true)
    }

    func wrote(records count: Int) {
        records += count
        draw(force: false)
    }

    func finished(bytes size: Int) {
        downloaded += 1
        bytes += size
    }

    func skippedDay() { skipped += 1 }

    /// Erases the line if it was drawn.
    func clear() {
        if drawn != nil { Console.status("") }
    }

    /// E.g. `AAPL 2026-11-02, day 3/40, 412000 records, 12.3 MB, 5.1 k/s, about 2 min left`.
    func text(elapsed: Duration) -> String {
        let seconds = elapsed.seconds
        let rate = seconds > 0 ? Double(records) / seconds : 0
        let rateText = rate >= 1e3 ? "\(Self.oneDecimal(rate / 1e3)) k/s" : "\(Int(rate)) /s"
        let done = downloaded + skipped
        var line = "\(current), day \(min(done + 1, days))/\(days) of \(symbols) symbol\(symbols == 1 ? "" : "s"), "
        line += "\(records) records, \(Self.oneDecimal(Double(bytes) / 1e6)) MB, \(rateText)"
        if downloaded > 0, seconds > 0 {
            let left = Int((seconds / Double(downloaded) * Double(days - done)).rounded(.up))
            line += left >= 120 ? ", about \(left / 60) min left" : ", about \(left) s left"
        }
        return line
    }

    private func draw(force: Bool) {
        guard enabled else { return }
        let now = ContinuousClock.now
        if !force, let drawn, now - drawn < .milliseconds(200) { return }
        drawn = now
        Console.status(text(elapsed: now - started))
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
