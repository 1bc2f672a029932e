import FoundationEssentials

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
}

extension RecordingReader {
    /// Reads every remaining record.
    public func readAll() throws(BacktestError) -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }
}

/// The two forms a recording is stored in.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable {
    /// One JSON object per line: the interchange form.
    case jsonLines
    /// Length-prefixed little-endian records: the fast form.
    case binary

    /// The first bytes of every binary recording.
    static let binaryMagic: [UInt8] = Array("TWRB".utf8)

    /// The form of the recording at `path`, told by its first bytes.
    public static func detect(path: String) throws(BacktestError) -> RecordingFormat {
        try detect(FileInput(path: path, chunkSize: 4096))
    }

    /// Opens the recording at `path`, whichever its form. The file is opened once, so a pipe
    /// (`--data <(zcat books.jsonl.gz)`) works too. With `readingAhead`, it is read and decoded
    /// on a thread of its own (see `ReadAheadReader`).
    public static func open(path: String, readingAhead: Bool = false) throws(BacktestError) -> any RecordingReader {
        let input = try FileInput(path: path)
        guard readingAhead else { return try open(input, booksHeld: 2) }
        let (batchSize, capacity) = (256, 2)
        let inner = try open(input, booksHeld: ReadAheadReader.booksInFlight(batchSize: batchSize, capacity: capacity))
        return ReadAheadReader(reading: inner, batchSize: batchSize, capacity: capacity)
    }

    private static func open(_ input: FileInput, booksHeld: Int) throws(BacktestError) -> any RecordingReader {
        switch try detect(input) {
        case .jsonLines: try JSONLinesRecordingReader(input: input, booksHeld: booksHeld)
        case .binary: try BinaryRecordingReader(input: input, booksHeld: booksHeld)
        }
    }

    /// The form told by the first byte of `input`, which is left unread.
    private static func detect(_ input: FileInput) throws(BacktestError) -> RecordingFormat {
        guard let first = try input.peek(count: 1) else {
            throw .badHeader(path: input.path, reason: "the file is empty")
        }
        return first[0] == binaryMagic[0] ? .binary : .jsonLines
    }
}
