import Recording
import StrategyKit
import Trading

/// The daemon's session recording: an `EngineRecorder` for `LiveRunner` that writes each
/// engine input, the fills it booked and the actions it took to a `session` recording, flushed
/// after every call so that a killed daemon loses at most the last record. Fills are caught on
/// their way to the ledger: give the engine `journal`, which passes them on to the real one.
public final class LiveSessionRecorder: EngineRecorder {
    /// The engine's journal: the ledger's, with the fills kept for the recording.
    public let journal: BacktestJournal
    private let session: SessionRecorder
    private var hasStarted = false

    /// Starts a session recording at `path` (in the form its name asks for, see
    /// `RecordingFormat(fileName:)`) of
    /// `symbols` on `venue`; `ledger` is the journal fills go on to.
    public init(path: String, venue: Venue, symbols: [Symbol], producer: String, ledger: any FillJournal) throws(BacktestError) {
        let header = RecordingHeader(venue: venue, symbols: symbols, producer: producer, kind: .session)
        session = SessionRecorder(writer: try RecordingWriter(path: path, header: header, format: RecordingFormat(fileName: path)))
        journal = BacktestJournal(inner: ledger)
    }

    public func started(at time: Timestamp, actions: [EngineAction]) throws {
        // Fills booked by reconciliation, before the session starts, are not part of it.
        _ = journal.drain()
        hasStarted = true
        try session.started(at: time, actions: actions)
        try session.writer.flush()
    }

    /// Before `started` (the market session told before the strategies start), the fills
    /// reconciliation booked stay for `started` to leave out.
    public func handled(_ event: EngineEvent, actions: [EngineAction]) throws {
        try session.handled(event, fills: hasStarted ? journal.drain() : [], actions: actions)
        try session.writer.flush()
    }

    public func stopped(at time: Timestamp, actions: [EngineAction]) throws {
        try session.stopped(at: time, actions: actions)
        try session.writer.flush()
    }

    /// Writes what is left and closes the file.
    public func close() throws(BacktestError) {
        try session.writer.close()
    }
}
