import StrategyKit

/// Writes records in the compact form (see RECORDINGS.md, "Compact"). It keeps the previous book
/// of every stream (venue and symbol) and writes a book as the edits that turn that book's sides
/// into the new ones, so that a book costs bytes in proportion to what changed; a key frame (the
/// whole book) starts each stream, comes at least every `CompactForm.keyFrameInterval` books of
/// it, and replaces any delta that would be longer. The same records always give the same bytes.
struct CompactBookEncoder {
    private struct StreamKey: Hashable {
        var venue: Venue
        var symbol: Symbol
    }

    private struct Stream {
        var id: Int
        var last: BookSnapshot
        var booksSinceKeyFrame: Int
    }

    /// One run of edits of the same kind; `start` is the index in the new side of its first
    /// entry (for the edits that produce entries).
    private struct Run {
        var edit: CompactForm.Edit
        var count: Int
        var start: Int
    }

    private var streams: [StreamKey: Stream] = [:]
    private var delta: [UInt8] = []
    private var whole: [UInt8] = []
    private var runs: [Run] = []

    /// Appends `book` as one framed record.
    mutating func append(_ book: BookSnapshot, to bytes: inout [UInt8]) {
        let key = StreamKey(venue: book.venue, symbol: book.symbol)
        let id = streams[key]?.id ?? streams.count
        whole.removeAll(keepingCapacity: true)
        Self.appendKeyFrame(book, stream: id, to: &whole)
        var useKeyFrame = true
        if let stream = streams[key], stream.booksSinceKeyFrame + 1 < CompactForm.keyFrameInterval {
            // Built in a local array: `appendDelta` uses the run storage of `self`.
            var body: [UInt8] = []
            swap(&body, &delta)
            body.removeAll(keepingCapacity: true)
            appendDelta(book, from: stream.last, stream: id, to: &body)
            useKeyFrame = body.count >= whole.count
            swap(&body, &delta)
        }
        if useKeyFrame {
            Self.appendRecord(kind: CompactForm.keyFrame, body: whole, to: &bytes)
            streams[key] = Stream(id: id, last: book, booksSinceKeyFrame: 0)
        } else {
            Self.appendRecord(kind: CompactForm.delta, body: delta, to: &bytes)
            streams[key]?.last = book
            streams[key]?.booksSinceKeyFrame += 1
        }
    }

    /// Appends a framed record: the kind, the body's length as a varint, the body, and the
    /// CRC-32 of all three (little-endian `UInt32`; `CompactCheck.crc32`, what the version the
    /// writer writes, `RecordingHeader.compactVersion`, carries).
    static func appendRecord(kind: UInt8, body: some Collection<UInt8>, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(kind)
        CompactForm.appendVarint(UInt64(body.count), to: &bytes)
        bytes.append(contentsOf: body)
        let check = bytes.withUnsafeBytes { CompactCheck.crc32(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        RecordEncoder.appendLittleEndian(check, to: &bytes)
    }

    /// stream, venue, symbol, seq, exchangeTime, receivedTime - exchangeTime, the two counts,
    /// then every entry: its price as the difference from the one before (from 0 for the first
    /// of a side), its quantity.
    private static func appendKeyFrame(_ book: BookSnapshot, stream: Int, to body: inout [UInt8]) {
        CompactForm.appendVarint(UInt64(stream), to: &body)
        for name in [book.venue.rawValue, book.symbol.rawValue] {
            let utf8 = Array(name.utf8)
            CompactForm.appendVarint(UInt64(utf8.count), to: &body)
            body.append(contentsOf: utf8)
        }
        CompactForm.appendVarint(book.sequence, to: &body)
        CompactForm.appendSigned(book.exchangeTime.nanoseconds, to: &body)
        CompactForm.appendSigned(book.receivedTime.nanoseconds &- book.exchangeTime.nanoseconds, to: &body)
        CompactForm.appendVarint(UInt64(book.bids.count), to: &body)
        CompactForm.appendVarint(UInt64(book.asks.count), to: &body)
        for side in [book.bids, book.asks] {
            var previous: Int64 = 0
            for entry in side {
                CompactForm.appendSigned(entry.price.units &- previous, to: &body)
                CompactForm.appendVarint(UInt64(bitPattern: entry.qty.shares), to: &body)
                previous = entry.price.units
            }
        }
    }

    /// stream, the differences of seq, exchangeTime and (receivedTime - exchangeTime) from the
    /// previous book's, a byte whose bits 0 and 1 say whether the bids and the asks changed,
    /// then the edits of each side that did.
    private mutating func appendDelta(_ book: BookSnapshot, from last: BookSnapshot, stream: Int, to body: inout [UInt8]) {
        CompactForm.appendVarint(UInt64(stream), to: &body)
        CompactForm.appendSigned(Int64(bitPattern: book.sequence &- last.sequence), to: &body)
        CompactForm.appendSigned(book.exchangeTime.nanoseconds &- last.exchangeTime.nanoseconds, to: &body)
        let latency = book.receivedTime.nanoseconds &- book.exchangeTime.nanoseconds
        CompactForm.appendSigned(latency &- (last.receivedTime.nanoseconds &- last.exchangeTime.nanoseconds), to: &body)
        let bidsChanged = !Self.samePricesAndQuantities(book.bids, last.bids)
        let asksChanged = !Self.samePricesAndQuantities(book.asks, last.asks)
        body.append((bidsChanged ? 1 : 0) | (asksChanged ? 2 : 0))
        if bidsChanged { appendEdits(from: last.bids, to: book.bids, isBuy: true, to: &body) }
        if asksChanged { appendEdits(from: last.asks, to: book.asks, isBuy: false, to: &body) }
    }

    private static func samePricesAndQuantities(_ one: [BookEntry], _ other: [BookEntry]) -> Bool {
        guard one.count == other.count else { return false }
        for index in one.indices where one[index].price != other[index].price || one[index].qty != other[index].qty {
            return false
        }
        return true
    }

    /// The new side's count, then the runs of edits that make it from `old`: both sides are
    /// walked best first together, an equal price pairs an old entry with a new one (kept, or
    /// given its new quantity), a new price before the old one is inserted, an old one before
    /// the new one dropped. The edits make `new` from `old` whatever the order of their prices;
    /// the order only decides how few they are. Old entries left once `new` is made are dropped
    /// without an edit.
    private mutating func appendEdits(from old: [BookEntry], to new: [BookEntry], isBuy: Bool, to body: inout [UInt8]) {
        runs.removeAll(keepingCapacity: true)
        var (oldIndex, newIndex) = (0, 0)
        while newIndex < new.count {
            let edit: CompactForm.Edit
            if oldIndex < old.count {
                let (before, after) = (old[oldIndex].price.units, new[newIndex].price.units)
                if before == after {
                    edit = old[oldIndex].qty == new[newIndex].qty ? .keep : .requantity
                } else {
                    edit = (isBuy ? after > before : after < before) ? .insert : .drop
                }
            } else {
                edit = .insert
            }
            if let last = runs.last, last.edit == edit {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(Run(edit: edit, count: 1, start: newIndex))
            }
            if edit != .insert { oldIndex += 1 }
            if edit != .drop { newIndex += 1 }
        }
        CompactForm.appendVarint(UInt64(new.count), to: &body)
        for run in runs {
            CompactForm.appendVarint(UInt64(run.count) << 2 | UInt64(run.edit.rawValue), to: &body)
            switch run.edit {
            case .keep, .drop: break
            case .requantity:
                for index in run.start..<run.start + run.count {
                    CompactForm.appendVarint(UInt64(bitPattern: new[index].qty.shares), to: &body)
                }
            case .insert:
                for index in run.start..<run.start + run.count {
                    let base = index > 0 ? new[index - 1].price.units : old.first?.price.units ?? 0
                    CompactForm.appendSigned(new[index].price.units &- base, to: &body)
                    CompactForm.appendVarint(UInt64(bitPattern: new[index].qty.shares), to: &body)
                }
            }
        }
    }
}
