import StrategyKit

/// Several recordings replayed one after another as one: `tickwork backtest --data A --data B`
/// and every cell of a sweep over A and B read A's records, then B's. The files must be of one
/// venue and one kind; the sequence's header is the first file's with the symbols of all of
/// them, in order of first appearance. Times are not required to rise across files: a book
/// received before the one before it is handled as within one file (at the simulated clock's
/// time, see `Backtester.feed`). Each file keeps its own header's session (a day file's):
/// `currentHeader` is the header of the file being read, and `fileIndex` says when it changed.
public final class RecordingSequence: RecordingReader {
    public let header: RecordingHeader
    /// The header of the file the last record came from (the first file's before any record,
    /// the last file's after the end).
    public private(set) var currentHeader: RecordingHeader
    /// Which file, counted from 0 in the order given, the last record came from.
    public private(set) var fileIndex = 0
    /// Whether any of the files says its trading day's session (a day file's header).
    public let hasSessions: Bool
    /// The readers still to finish, the current one first; each file is opened up front, so a
    /// missing or foreign file fails before any record is replayed.
    private var readers: [any RecordingReader]
    /// What finished readers reported.
    private var finishedWarnings: [RecordingWarning] = []
    private var finishedBytes = 0

    /// Opens every recording at `paths` (at least one) in order, each with `readingAhead` as
    /// `RecordingFormat.open` takes it. Throws `BacktestError.badHeader` for a file whose venue
    /// or kind is not the first file's.
    public init(paths: [String], readingAhead: Bool = false) throws(BacktestError) {
        precondition(!paths.isEmpty, "a recording sequence holds at least one recording")
        var readers: [any RecordingReader] = []
        for path in paths {
            readers.append(try RecordingFormat.open(path: path, readingAhead: readingAhead))
        }
        var header = readers[0].header
        for (path, reader) in zip(paths, readers).dropFirst() {
            guard reader.header.venue == header.venue else {
                throw .badHeader(
                    path: path, reason: "venue \(reader.header.venue.rawValue), not \(header.venue.rawValue) as in \(paths[0])")
            }
            guard reader.header.kind == header.kind else {
                throw .badHeader(path: path, reason: "a \(reader.header.kind.rawValue) recording, not \(header.kind.rawValue) as \(paths[0])")
            }
            header.symbols += reader.header.symbols.filter { !header.symbols.contains($0) }
        }
        self.header = header
        self.readers = readers
        currentHeader = readers[0].header
        hasSessions = readers.contains { $0.header.session != nil }
    }

    /// The recordings at `paths` (at least one) as one reader: the file's own reader for one
    /// path (which may then be a pipe), a sequence for several.
    public static func open(paths: [String], readingAhead: Bool = false) throws(BacktestError) -> any RecordingReader {
        if paths.count == 1 { return try RecordingFormat.open(path: paths[0], readingAhead: readingAhead) }
        return try RecordingSequence(paths: paths, readingAhead: readingAhead)
    }

    public var warnings: [RecordingWarning] {
        finishedWarnings + (readers.first?.warnings ?? [])
    }

    /// Bytes consumed of every file so far, and the sizes of all of them when opened.
    public var progress: (consumed: Int, total: Int) {
        let current: (consumed: Int, total: Int) = readers.first?.progress ?? (0, 0)
        let later = readers.dropFirst().reduce(0) { $0 + $1.progress.total }
        return (finishedBytes + current.consumed, finishedBytes + current.total + later)
    }

    public func next() throws(BacktestError) -> RecordedEvent? {
        try fromCurrent { (reader) throws(BacktestError) in try reader.next() }
    }

    public func nextBook() throws(BacktestError) -> BookSnapshot? {
        try fromCurrent { (reader) throws(BacktestError) in try reader.nextBook() }
    }

    public func nextMarketRecord() throws(BacktestError) -> MarketRecord? {
        try fromCurrent { (reader) throws(BacktestError) in try reader.nextMarketRecord() }
    }

    /// What `read` gives of the current reader, the next one's once it ends; nil when all have.
    private func fromCurrent<Value>(_ read: (any RecordingReader) throws(BacktestError) -> Value?) throws(BacktestError) -> Value? {
        while let reader = readers.first {
            if let value = try read(reader) { return value }
            finishedWarnings += reader.warnings
            finishedBytes += max(reader.progress.consumed, reader.progress.total)
            readers.removeFirst()
            if let next = readers.first {
                fileIndex += 1
                currentHeader = next.header
            }
        }
        return nil
    }
}
