import FoundationEssentials
import StrategyKit

/// A recording opened for reading, in either form: its header, then its records in order.
///
/// A reader is a cursor over one file and is used from one thread.
public protocol RecordingReader: AnyObject {
    /// The recording's first line (or the binary form's header).
    var header: RecordingHeader { get }
    /// What the reader tolerated so far; after `next()` returned nil, everything it will report.
    var warnings: [RecordingWarning] { get }
    /// How far the reader has come: bytes consumed and the file's size when opened.
    var progress: (consumed: Int, total: Int) { get }
    /// The next record, or nil at the end. An incomplete final record is not returned; it is
    /// reported in `warnings`. Throws `BacktestError.malformedRecord` for a broken record.
    func next() throws(BacktestError) -> RecordedEvent?
    /// The next book, records of other kinds read (a broken one throws as in `next()`) and
    /// skipped; nil at the end. A backtest's loop: a reader that has the book alone returns it
    /// without making a `RecordedEvent` of it, a large enum that costs its making and its
    /// destruction on every book.
    func nextBook() throws(BacktestError) -> BookSnapshot?
    /// The next book or trade, records of other kinds read (a broken one throws as in `next()`)
    /// and skipped; nil at the end. A backtest's loop when trades reach its strategies.
    func nextMarketRecord() throws(BacktestError) -> MarketRecord?
}

extension RecordingReader {
    /// `next()` until a book.
    public func nextBook() throws(BacktestError) -> BookSnapshot? {
        while let event = try next() {
            if case .book(let book) = consume event { return book }
        }
        return nil
    }

    /// `next()` until a book or a trade.
    public func nextMarketRecord() throws(BacktestError) -> MarketRecord? {
        while let event = try next() {
            switch consume event {
            case .book(let book): return .book(book)
            case .trade(let trade): return .trade(trade)
            default: continue
            }
        }
        return nil
    }

    /// Reads every remaining record.
    public func readAll() throws(BacktestError) -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }
}

/// The three forms a recording is stored in.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable {
    /// One JSON object per line: the interchange form.
    case jsonLines
    /// Length-prefixed little-endian records, every book whole (version 2).
    case binary
    /// The binary form's header (version 3 or 4), then books as the changes from the previous book
    /// of their symbol, with a full book at intervals: the small form (see RECORDINGS.md).
    case compact

    /// The first bytes of every binary or compact recording.
    static let binaryMagic: [UInt8] = Array("TWRB".utf8)

    /// The form a file name asks for: `.twrc` compact, `.twrb` binary, anything else JSON Lines.
    public init(fileName: String) {
        self = fileName.hasSuffix(".twrc") ? .compact : fileName.hasSuffix(".twrb") ? .binary : .jsonLines
    }

    /// The form of the recording at `path`, told by its first bytes and, for `TWRB`, its
    /// header's version.
    public static func detect(path: String) throws(BacktestError) -> RecordingFormat {
        let input = try FileInput(path: path, chunkSize: 4096)
        guard try detect(input) == .binary else { return .jsonLines }
        let version = try BinaryRecordingReader.header(from: input, using: JSONDecoder()).version
        return RecordingHeader.compactVersions.contains(version) ? .compact : .binary
    }

    /// Opens the recording at `path`, whichever its form. The file is opened once, so a pipe
    /// (`--data <(zcat books.jsonl.gz)`) works too. With `readingAhead`, it is read and decoded on a
    /// thread of its own (see `ReadAheadReader`). A compact recording too: the engine's book
    /// costs about as much as decoding one, so reading ahead shortens a backtest for some more
    /// CPU.
    public static func open(path: String, readingAhead: Bool = false) throws(BacktestError) -> any RecordingReader {
        let input = try FileInput(path: path)
        guard try detect(input) == .binary else {
            return try reading(ahead: readingAhead) { (booksHeld) throws(BacktestError) in
                try JSONLinesRecordingReader(input: input, booksHeld: booksHeld)
            }
        }
        let header = try BinaryRecordingReader.header(from: input, using: JSONDecoder())
        if let check = CompactCheck(version: header.version) {
            return try reading(ahead: readingAhead) { (booksHeld) throws(BacktestError) in
                CompactRecordingReader(input: input, header: header, check: check, booksHeld: booksHeld)
            }
        }
        return try reading(ahead: readingAhead) { (booksHeld) throws(BacktestError) in
            try BinaryRecordingReader(input: input, header: header, booksHeld: booksHeld)
        }
    }

    /// The reader `make` gives for the books it may hold at once, behind a `ReadAheadReader`
    /// when `ahead`.
    private static func reading(
        ahead: Bool, _ make: (_ booksHeld: Int) throws(BacktestError) -> any RecordingReader
    ) throws(BacktestError) -> any RecordingReader {
        guard ahead else { return try make(2) }
        let (batchSize, capacity) = (256, 2)
        let inner = try make(ReadAheadReader.booksInFlight(batchSize: batchSize, capacity: capacity))
        return ReadAheadReader(reading: inner, batchSize: batchSize, capacity: capacity)
    }

    /// The form told by the first byte of `input`, which is left unread: JSON Lines, or binary
    /// for `TWRB` (binary or compact, which its header tells).
    private static func detect(_ input: FileInput) throws(BacktestError) -> RecordingFormat {
        guard let first = try input.peek(count: 1) else {
            throw .badHeader(path: input.path, reason: "the file is empty")
        }
        return first[0] == binaryMagic[0] ? .binary : .jsonLines
    }
}
