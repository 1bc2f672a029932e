import Foundation
import StrategyKit

/// Reads the binary form: `TWRB`, a little-endian `UInt32` header length and the header's JSON,
/// then records of a `UInt32` length, a kind byte and a body (see RECORDINGS.md).
public final class BinaryRecordingReader: RecordingReader {
    public let header: RecordingHeader
    public private(set) var warnings: [RecordingWarning] = []
    private let input: FileInput
    private let decoder = JSONDecoder()
    private var recordNumber = 0
    private var venue: Venue = ""
    private var symbol: Symbol = ""

    /// Opens `path` and reads its header.
    /// `bufferSize` is the size of each read (the buffer grows for a longer record).
    public init(path: String, bufferSize: Int = 4 << 20) throws(BacktestError) {
        precondition(bufferSize > 0, "reads need a buffer")
        input = try FileInput(path: path, chunkSize: bufferSize)
        guard let magic = try input.next(count: 8), Array(magic.prefix(4)) == RecordingFormat.binaryMagic else {
            throw .badHeader(path: path, reason: "no TWRB magic")
        }
        let length = Int(magic.loadUnaligned(fromByteOffset: 4, as: UInt32.self).littleEndian)
        guard let headerBytes = try input.next(count: length) else {
            throw .badHeader(path: path, reason: "the header is cut short")
        }
        header = try RecordingHeader.decode(Data(headerBytes), path: path, using: decoder)
    }

    public var progress: (consumed: Int, total: Int) { (input.consumedByteCount, input.size) }

    public func next() throws(BacktestError) -> RecordedEvent? {
        guard let prefix = try input.peek(count: 4) else { return finish() }
        let length = Int(prefix.loadUnaligned(as: UInt32.self).littleEndian)
        guard let record = try input.peek(count: 4 + length) else { return finish() }
        input.skip(count: 4 + length)
        recordNumber += 1
        guard length >= 1 else { throw malformed("empty record") }
        let body = UnsafeRawBufferPointer(rebasing: record[4...])
        switch body[0] {
        case BinaryRecordKind.book: return .book(try book(body))
        case BinaryRecordKind.json:
            do {
                return try decoder.decode(RecordedEvent.self, from: Data(body[1...]))
            } catch {
                throw malformed("\(error)")
            }
        default: throw malformed("unknown record kind \(body[0])")
        }
    }

    private func finish() -> RecordedEvent? {
        if input.pendingByteCount > 0 {
            warnings.append(.truncatedFinalRecord(
                path: input.path, record: recordNumber + 1, bytes: input.pendingByteCount))
            input.discardPending()
        }
        return nil
    }

    private func malformed(_ reason: String) -> BacktestError {
        .malformedRecord(path: input.path, record: recordNumber, reason: reason)
    }

    private func book(_ body: UnsafeRawBufferPointer) throws(BacktestError) -> BookSnapshot {
        var offset = 1
        func need(_ count: Int) throws(BacktestError) {
            guard body.count - offset >= count else { throw malformed("a book record is cut short") }
        }
        func int64() -> Int64 {
            defer { offset += 8 }
            return Int64(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: Int64.self))
        }
        func name(_ cached: inout String) throws(BacktestError) {
            try need(2)
            let count = Int(UInt16(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
            offset += 2
            try need(count)
            let bytes = UnsafeRawBufferPointer(rebasing: body[offset..<offset + count])
            offset += count
            if !cached.utf8.elementsEqual(bytes) { cached = String(decoding: bytes, as: UTF8.self) }
        }
        try need(24)
        let sequence = UInt64(bitPattern: int64())
        let exchangeTime = Timestamp(nanoseconds: int64())
        let receivedTime = Timestamp(nanoseconds: int64())
        try name(&venue.rawValue)
        try name(&symbol.rawValue)
        try need(8)
        let bidCount = Int(UInt32(littleEndian: body.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        let askCount = Int(UInt32(littleEndian: body.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)))
        offset += 8
        guard body.count - offset == (bidCount + askCount) * 16 else { throw malformed("book entry count does not match the length") }
        func entries(_ count: Int, isBuy: Bool) -> [BookEntry] {
            [BookEntry](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    let price = int64()
                    buffer.initializeElement(at: index, to: BookEntry(price: Price(cents: price), qty: Quantity(shares: int64()), isBuy: isBuy))
                }
                initialized = count
            }
        }
        let bids = entries(bidCount, isBuy: true)
        let asks = entries(askCount, isBuy: false)
        return BookSnapshot(
            venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: exchangeTime,
            receivedTime: receivedTime, sequence: sequence)
    }
}
