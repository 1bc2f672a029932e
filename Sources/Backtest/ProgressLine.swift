/// The progress line a long backtest shows on a terminal: events processed, their rate, the
/// share of the recording read and the time left at that rate. Pure: the caller supplies the
/// clock readings and decides where (and whether) to print.
public struct ProgressLine: Hashable, Sendable {
    /// Events (books) processed so far.
    public var events: Int
    /// Nanoseconds since the run started (monotonic clock).
    public var elapsedNanoseconds: UInt64
    /// Bytes of the recording consumed and its size.
    public var consumedBytes: Int
    public var totalBytes: Int

    public init(events: Int, elapsedNanoseconds: UInt64, consumedBytes: Int, totalBytes: Int) {
        self.events = events
        self.elapsedNanoseconds = elapsedNanoseconds
        self.consumedBytes = consumedBytes
        self.totalBytes = totalBytes
    }

    /// Seconds left at the byte rate so far; nil before anything was read or timed.
    public var secondsLeft: Int? {
        guard consumedBytes > 0, elapsedNanoseconds > 0, totalBytes >= consumedBytes else { return nil }
        let remaining = Double(totalBytes - consumedBytes) * Double(elapsedNanoseconds) / Double(consumedBytes) / 1e9
        return Int(remaining.rounded(.up))
    }

    /// E.g. `412000 events, 1.93 M/s, 41%, about 3 s left`.
    public var text: String {
        let seconds = Double(elapsedNanoseconds) / 1e9
        let rate = seconds > 0 ? Double(events) / seconds : 0
        let rateText = rate >= 1e6 ? "\(Self.twoDecimals(rate / 1e6)) M/s" : rate >= 1e3 ? "\(Self.twoDecimals(rate / 1e3)) k/s" : "\(Int(rate)) /s"
        let percent = totalBytes > 0 ? consumedBytes * 100 / totalBytes : 100
        let left = secondsLeft.map { ", about \($0) s left" } ?? ""
        return "\(events) events, \(rateText), \(percent)%\(left)"
    }

    private static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
