import FoundationEssentials
import StrategyKit

/// Reads the compact form: the binary form's `TWRB` and header, version 3 to 5, then framed
/// records whose books are key frames or deltas and, from version 5, trades (see RECORDINGS.md, "Compact").
///
/// Every record's check value (the version's, `CompactCheck`) is verified before it is used: a damaged record throws
/// `BacktestError.malformedRecord` naming its number and byte offset. Called again after that,
/// `next()` resumes at the next key frame it finds intact, skipping the bytes up to it and, until
/// each stream's own next key frame, the deltas of streams whose base was lost, and reports both
/// in `warnings`.
public final class CompactRecordingReader: RecordingReader {
    public let header: RecordingHeader
    public private(set) var warnings: [RecordingWarning] = []
    private let input: FileInput
    private let decoder = JSONDecoder()
    private let check: CompactCheck
    private var books: CompactBookDecoder
    private var trades = CompactTradeCodec()
    private var recordNumber = 0
    /// The offset of the damaged record last reported, until reading resumes after it.
    private var damagedAt: Int?
    /// Deltas skipped since damage because their stream's base was lost.
    private var orphanDeltas = 0

    /// Opens `path` and reads its header, which must be the compact form's (version 3 to 5).
    /// The file is mapped into memory when it can be (a regular file) and `bufferSize` is nil;
    /// otherwise it is read `bufferSize` bytes at a time (see `FileInput`).
    public convenience init(path: String, bufferSize: Int? = nil) throws(BacktestError) {
        let input = try FileInput(path: path, chunkSize: bufferSize)
        let header = try BinaryRecordingReader.header(from: input, using: JSONDecoder())
        guard let check = CompactCheck(version: header.version) else {
            throw .badHeader(path: path, reason: "version \(header.version) is the binary form, not the compact one")
        }
        self.init(input: input, header: header, check: check)
    }

    /// Reads the records of `input`, whose header has been read and whose version closes its
    /// records with `check`. The storage of a book's sides is reused `booksHeld` books later
    /// when nobody holds that book any more.
    init(input: FileInput, header: RecordingHeader, check: CompactCheck, booksHeld: Int = 2) {
        self.input = input
        self.header = header
        self.check = check
        books = CompactBookDecoder(booksHeld: booksHeld)
    }

    public var progress: (consumed: Int, total: Int) { (input.consumedByteCount, input.size) }

    public func next() throws(BacktestError) -> RecordedEvent? {
        switch try read(.all) {
        case .book(let book): .book(book)
        case .trade(let trade): .trade(trade)
        case .other(let event): event
        case .end: nil
        }
    }

    public func nextBook() throws(BacktestError) -> BookSnapshot? {
        guard case .book(let book) = try read(.books) else { return nil }
        return book
    }

    public func nextMarketRecord() throws(BacktestError) -> MarketRecord? {
        switch try read(.market) {
        case .book(let book): .book(book)
        case .trade(let trade): .trade(trade)
        case .other, .end: nil
        }
    }

    /// What `read` found.
    private enum Read {
        case book(BookSnapshot)
        case trade(RecordedTrade)
        case other(RecordedEvent)
        case end
    }

    /// The records `read` returns; the others are decoded (so that a broken one throws) and
    /// passed over.
    private enum Wanted {
        case all
        /// Books and trades.
        case market
        case books
    }

    /// The next record that `wanted` takes.
    private func read(_ wanted: Wanted) throws(BacktestError) -> Read {
        if let damagedAt { try resume(after: damagedAt) }
        while true {
            let offset = input.consumedByteCount
            let next: Frame?
            do throws(CompactFault) {
                next = try frame()
            } catch {
                recordNumber += 1
                throw damaged(at: offset, error.reason)
            }
            guard let frame = next else {
                finish()
                return .end
            }
            recordNumber += 1
            guard frame.isIntact else {
                throw damaged(at: offset, "its check value does not match its bytes: the record is damaged")
            }
            let read: Read?
            do throws(CompactFault) {
                switch frame.kind {
                case CompactForm.keyFrame: read = .book(try books.keyFrame(frame.body))
                case CompactForm.delta: read = try books.delta(frame.body).map { .book($0) }
                case CompactForm.json: read = .other(try json(frame.body))
                case CompactForm.trade where header.version >= CompactForm.tradeVersion: read = .trade(try trades.trade(frame.body))
                default: throw CompactFault("unknown record kind \(frame.kind)")
                }
            } catch {
                guard error.isDamage else {
                    input.skip(count: frame.length)
                    throw .malformedRecord(path: input.path, record: recordNumber, reason: error.reason)
                }
                throw damaged(at: offset, error.reason)
            }
            input.skip(count: frame.length)
            guard let read else {
                orphanDeltas += 1
                continue
            }
            switch (wanted, read) {
            case (.all, _), (.market, .book), (.market, .trade), (.books, .book): return read
            default: continue
            }
        }
    }

    /// One record at the read position, not consumed.
    private struct Frame {
        var kind: UInt8
        var body: UnsafeRawBufferPointer
        /// The whole record's length: kind, length field, body and check value.
        var length: Int
        var isIntact: Bool
    }

    /// The record at the read position, or nil when the file ends before a whole one (nothing
    /// left, or an incomplete last record: see `finish`). Throws for a length field that cannot
    /// be a record's.
    private func frame() throws(CompactFault) -> Frame? {
        let start: UnsafeRawBufferPointer
        let record: UnsafeRawBufferPointer?
        do {
            start = try input.peek(upTo: 6)
        } catch {
            throw CompactFault(error.description)
        }
        guard start.count >= 2 else { return nil }
        var bodyLength = 0
        var fieldLength = 0
        var shift = 0
        while true {
            guard 1 + fieldLength < start.count else {
                if start.count < 6 { return nil }
                throw CompactFault("its length field is longer than five bytes: the record is damaged")
            }
            let byte = start[1 + fieldLength]
            bodyLength |= Int(byte & 0x7F) << shift
            fieldLength += 1
            shift += 7
            if byte < 0x80 { break }
        }
        guard bodyLength <= CompactForm.maxBodyLength else {
            throw CompactFault("its length \(bodyLength) is beyond \(CompactForm.maxBodyLength): the record is damaged")
        }
        let length = 1 + fieldLength + bodyLength + 4
        do {
            record = try input.peek(count: length)
        } catch {
            throw CompactFault(error.description)
        }
        guard let record else { return nil }
        let stored = UInt32(littleEndian: record.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
        return Frame(
            kind: record[0], body: UnsafeRawBufferPointer(rebasing: record[(1 + fieldLength)..<(length - 4)]), length: length,
            isIntact: check.value(of: UnsafeRawBufferPointer(rebasing: record[..<(length - 4)])) == stored)
    }

    /// A record of another kind than a book, from its JSON Lines text.
    private func json(_ body: UnsafeRawBufferPointer) throws(CompactFault) -> RecordedEvent {
        let event: RecordedEvent
        do {
            event = try decoder.decode(RecordedEvent.self, from: Data(body))
        } catch {
            throw CompactFault(refusal: "\(error)")
        }
        return event
    }

    /// Notes the damage at `offset`, so that the next call resumes after it, and names it.
    private func damaged(at offset: Int, _ reason: String) -> BacktestError {
        damagedAt = offset
        return .malformedRecord(path: input.path, record: recordNumber, reason: "at byte \(offset): \(reason)")
    }

    /// Skips from the damaged record at `offset` to the next intact key frame (or the end),
    /// forgetting every stream's base, and reports the bytes skipped.
    private func resume(after offset: Int) throws(BacktestError) {
        damagedAt = nil
        books.forgetBases()
        input.skip(count: min(1, input.pendingByteCount))
        while let first = try input.peek(upTo: 1).first {
            if first == CompactForm.keyFrame, let frame = try? frame(), frame.isIntact { break }
            input.skip(count: 1)
        }
        warnings.append(.damageSkipped(path: input.path, offset: offset, bytes: input.consumedByteCount - offset))
    }

    /// Reports what the end leaves: an incomplete last record, deltas skipped after damage.
    private func finish() {
        if input.pendingByteCount > 0 {
            warnings.append(.truncatedFinalRecord(path: input.path, record: recordNumber + 1, bytes: input.pendingByteCount))
            input.discardPending()
        }
        if orphanDeltas > 0 {
            warnings.append(.booksSkippedAfterDamage(path: input.path, count: orphanDeltas))
            orphanDeltas = 0
        }
    }
}
