import StrategyKit
import Trading

/// Writes a live-session recording: each engine input, the fills it booked, and the actions it
/// took, in that order, so that `SessionReplay` can later check a backtest engine against it.
/// The daemon (or a backtest) calls it around every `TradingEngine` call.
public final class SessionRecorder {
    /// Where the session goes.
    public let writer: RecordingWriter

    /// Records into `writer` (whose header should say `kind: session`).
    public init(writer: RecordingWriter) {
        self.writer = writer
    }

    /// `TradingEngine.start(at:)` returned `actions`.
    public func started(at time: Timestamp, actions: [EngineAction]) throws(BacktestError) {
        try record(.start(time), fills: [], actions: actions, at: time)
    }

    /// `TradingEngine.handle(event)` booked `fills` and returned `actions`.
    public func handled(_ event: EngineEvent, fills: [Fill], actions: [EngineAction]) throws(BacktestError) {
        try record(RecordedEvent(event), fills: fills, actions: actions, at: event.time)
    }

    /// `TradingEngine.stop(at:)` returned `actions`.
    public func stopped(at time: Timestamp, actions: [EngineAction]) throws(BacktestError) {
        try record(.stop(time), fills: [], actions: actions, at: time)
    }

    private func record(_ input: RecordedEvent, fills: [Fill], actions: [EngineAction], at time: Timestamp) throws(BacktestError) {
        try writer.append(input)
        for fill in fills { try writer.append(.fill(fill)) }
        for action in actions {
            for record in RecordedEvent.records(of: action, at: time) { try writer.append(record) }
        }
    }
}
