import FoundationEssentials
import StrategyKit
import Wire

/// Reads the JSON Lines form. Books are parsed from the bytes by hand (the hot path); the rare
/// other records go through `JSONDecoder`.
public final class JSONLinesRecordingReader: RecordingReader {
    public let header: RecordingHeader
    public private(set) var warnings: [RecordingWarning] = []
    private let input: FileInput
    private var parser: BookLineParser
    private let decoder = JSONDecoder()
    private var recordNumber = 0

    /// Opens `path` and reads its header line.
    /// The file is mapped into memory when it can be (a regular file) and `bufferSize` is nil;
    /// otherwise it is read `bufferSize` bytes at a time (see `FileInput`).
    public convenience init(path: String, bufferSize: Int? = nil) throws(BacktestError) {
        try self.init(input: FileInput(path: path, chunkSize: bufferSize))
    }

    /// Reads the header line from `input`, at its start. The storage of a book's sides is reused
    /// `booksHeld` books later when nobody holds that book any more (see `EntryArrayPool`).
    init(input: FileInput, booksHeld: Int = 2) throws(BacktestError) {
        self.input = input
        let path = input.path
        guard let line = try input.nextLine() else {
            throw .badHeader(path: path, reason: "no complete header line")
        }
        header = try RecordingHeader.decode(Data(line), path: path, using: decoder)
        parser = BookLineParser(booksHeld: booksHeld, pricesInCents: header.version == 1)
    }

    public var progress: (consumed: Int, total: Int) { (input.consumedByteCount, input.size) }

    public func next() throws(BacktestError) -> RecordedEvent? {
        while let line = try input.nextLine() {
            recordNumber += 1
            var cursor = JSONReader(line)
            if cursor.peek() == 0 { continue }
            let book: BookSnapshot?
            do {
                book = try parser.parse(line)
            } catch {
                throw .malformedRecord(path: input.path, record: recordNumber, reason: error.reason)
            }
            // The parser converted a version-1 book's cents already.
            if let book { return .book(book) }
            let event: RecordedEvent
            do {
                event = try decoder.decode(RecordedEvent.self, from: Data(line))
            } catch {
                throw .malformedRecord(path: input.path, record: recordNumber, reason: "\(error)")
            }
            return try header.inUnits(event, path: input.path, record: recordNumber)
        }
        if input.pendingByteCount > 0 {
            warnings.append(.truncatedFinalRecord(
                path: input.path, record: recordNumber + 1, bytes: input.pendingByteCount))
            recordNumber += 1
            input.discardPending()
        }
        return nil
    }
}

extension RecordingHeader {
    /// Decodes and checks a header, naming `path` in any failure.
    static func decode(_ data: Data, path: String, using decoder: JSONDecoder) throws(BacktestError) -> RecordingHeader {
        let header: RecordingHeader
        do {
            header = try decoder.decode(RecordingHeader.self, from: data)
        } catch {
            throw .badHeader(path: path, reason: "\(error)")
        }
        guard header.format == formatName else {
            throw .badHeader(path: path, reason: "format is \(header.format), expected \(formatName)")
        }
        guard (oldestReadableVersion...newestReadableVersion).contains(header.version) else {
            throw .badHeader(
                path: path, reason: "version \(header.version); this build reads versions \(oldestReadableVersion) to \(newestReadableVersion)")
        }
        return header
    }
}
