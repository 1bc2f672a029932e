import StrategyKit

/// Decodes the bodies of the compact form's book records (see `CompactBookEncoder`), keeping the
/// last book of every stream as the base of its next delta. A side a delta leaves unchanged is
/// the previous book's array itself (shared, never copied); a changed side is built in recycled
/// storage (`EntryArrayPool`) from runs of the previous side and the few entries the delta holds.
/// Every book it returns has passed the checks the other forms' readers make (best first,
/// numbers within `RecordedNumbers`); a book that fails them is refused (a `CompactFault` that is
/// not damage) but stays its stream's base, as the writer's next delta expects.
struct CompactBookDecoder {
    private struct Stream {
        var venue: Venue
        var symbol: Symbol
        /// The base of the next delta; nil once forgotten after damage.
        var last: BookSnapshot?
        /// Whether `last` passed the checks (so that a side a delta leaves as it was needs none).
        var lastHolds: Bool
    }

    /// The streams by number; nil for numbers not seen yet.
    private var streams: [Stream?] = []
    private var pool: EntryArrayPool
    /// The highest stream number a key frame may give: more is damage, not a recording.
    private static let maxStreams = 1 << 20

    /// A decoder whose books' storage is reused `booksHeld` books later when nobody holds them.
    init(booksHeld: Int) {
        pool = EntryArrayPool(depth: 2 * booksHeld)
    }

    /// Forgets every stream's last book: after damage, no delta is applied until its stream's
    /// next key frame.
    mutating func forgetBases() {
        for index in streams.indices { streams[index]?.last = nil }
    }

    /// The book of a key frame's body.
    mutating func keyFrame(_ body: UnsafeRawBufferPointer) throws(CompactFault) -> BookSnapshot {
        var cursor = CompactCursor(body)
        let id = try cursor.varint()
        guard id < UInt64(Self.maxStreams) else { throw CompactFault("stream \(id) is beyond \(Self.maxStreams)") }
        let venue = Venue(rawValue: try cursor.name())
        let symbol = Symbol(rawValue: try cursor.name())
        let sequence = try cursor.varint()
        let exchangeTime = CompactForm.signed(try cursor.varint())
        let receivedTime = exchangeTime &+ CompactForm.signed(try cursor.varint())
        let (bidCount, askCount) = (try cursor.varint(), try cursor.varint())
        // Each entry takes two bytes at least.
        guard bidCount <= UInt64(cursor.remaining / 2), askCount <= UInt64(cursor.remaining / 2) else {
            throw CompactFault("a side's count is beyond what the record holds")
        }
        let bids = try wholeSide(&cursor, count: Int(bidCount), isBuy: true)
        let asks = try wholeSide(&cursor, count: Int(askCount), isBuy: false)
        guard cursor.remaining == 0 else { throw CompactFault("\(cursor.remaining) bytes after the book") }
        let refusal = Self.refusal(bids: bids, asks: asks)
        let book = BookSnapshot(
            venue: venue, symbol: symbol, bids: bids, asks: asks, exchangeTime: Timestamp(nanoseconds: exchangeTime),
            receivedTime: Timestamp(nanoseconds: receivedTime), sequence: sequence)
        let index = Int(id)
        if index >= streams.count { streams.append(contentsOf: repeatElement(nil, count: index + 1 - streams.count)) }
        streams[index] = Stream(venue: venue, symbol: symbol, last: book, lastHolds: refusal == nil)
        if let refusal { throw CompactFault(refusal: refusal) }
        return book
    }

    /// The book of a delta's body, or nil when its stream's base was forgotten after damage
    /// (`forgetBases`). A delta of a stream never seen is a fault.
    mutating func delta(_ body: UnsafeRawBufferPointer) throws(CompactFault) -> BookSnapshot? {
        var cursor = CompactCursor(body)
        let id = try cursor.varint()
        guard id < UInt64(streams.count), let stream = streams[Int(id)] else {
            throw CompactFault("a delta of stream \(id), which no full book started")
        }
        guard let last = stream.last else { return nil }
        let sequence = last.sequence &+ UInt64(bitPattern: CompactForm.signed(try cursor.varint()))
        let exchangeTime = last.exchangeTime.nanoseconds &+ CompactForm.signed(try cursor.varint())
        let latency = (last.receivedTime.nanoseconds &- last.exchangeTime.nanoseconds) &+ CompactForm.signed(try cursor.varint())
        let changed = try cursor.byte()
        guard changed <= 3 else { throw CompactFault("change flags \(changed) are not 0 to 3") }
        let bids = changed & 1 == 0 ? last.bids : try editedSide(&cursor, from: last.bids, isBuy: true)
        let asks = changed & 2 == 0 ? last.asks : try editedSide(&cursor, from: last.asks, isBuy: false)
        guard cursor.remaining == 0 else { throw CompactFault("\(cursor.remaining) bytes after the edits") }
        // A side left as it was passed the checks with the previous book, unless that was refused.
        let refusal = Self.refusal(
            bids: changed & 1 != 0 || !stream.lastHolds ? bids : [], asks: changed & 2 != 0 || !stream.lastHolds ? asks : [])
        let book = BookSnapshot(
            venue: stream.venue, symbol: stream.symbol, bids: bids, asks: asks, exchangeTime: Timestamp(nanoseconds: exchangeTime),
            receivedTime: Timestamp(nanoseconds: exchangeTime &+ latency), sequence: sequence)
        streams[Int(id)]?.last = book
        streams[Int(id)]?.lastHolds = refusal == nil
        if let refusal { throw CompactFault(refusal: refusal) }
        return book
    }

    private mutating func wholeSide(_ cursor: inout CompactCursor, count: Int, isBuy: Bool) throws(CompactFault) -> [BookEntry] {
        var fault: CompactFault?
        let entries = pool.make(count: count) { out in
            do throws(CompactFault) {
                var previous: Int64 = 0
                for index in 0..<count {
                    let price = previous &+ CompactForm.signed(try cursor.varint())
                    let qty = Int64(bitPattern: try cursor.varint())
                    out[index] = BookEntry(price: Price(units: price), qty: Quantity(shares: qty), isBuy: isBuy)
                    previous = price
                }
            } catch {
                fault = error
            }
        }
        if let fault { throw fault }
        return entries
    }

    /// The side `old` with the edits at the cursor applied (see `CompactForm.Edit`).
    private mutating func editedSide(
        _ cursor: inout CompactCursor, from old: [BookEntry], isBuy: Bool
    ) throws(CompactFault) -> [BookEntry] {
        let count = try cursor.varint()
        // Every entry is an old one or takes two bytes of the record at least.
        guard count <= UInt64(old.count + cursor.remaining / 2) else {
            throw CompactFault("a side of \(count) entries is beyond what the record and the previous book hold")
        }
        var fault: CompactFault?
        let entries = pool.make(count: Int(count)) { out in
            old.withUnsafeBufferPointer { old in
                do throws(CompactFault) {
                    try Self.apply(&cursor, to: old, into: out, isBuy: isBuy)
                } catch {
                    fault = error
                }
            }
        }
        if let fault { throw fault }
        return entries
    }

    /// Reads edits until `out` is full; entries of `old` not used by then are dropped.
    @inline(__always)
    private static func apply(
        _ cursor: inout CompactCursor, to old: UnsafeBufferPointer<BookEntry>, into out: UnsafeMutableBufferPointer<BookEntry>,
        isBuy: Bool
    ) throws(CompactFault) {
        var (produced, taken) = (0, 0)
        while produced < out.count {
            let word = try cursor.varint()
            guard let edit = CompactForm.Edit(rawValue: UInt8(word & 3)), word >> 2 > 0,
                word >> 2 <= UInt64(edit == .drop ? old.count - taken : out.count - produced)
            else { throw CompactFault("edit \(word & 3) of \(word >> 2) entries does not fit the side") }
            let count = Int(word >> 2)
            switch edit {
            case .keep:
                guard count <= old.count - taken else { throw CompactFault("keeps \(count) entries of \(old.count - taken) left") }
                (out.baseAddress! + produced).update(from: old.baseAddress! + taken, count: count)
                taken += count
                produced += count
            case .drop:
                taken += count
            case .requantity:
                guard count <= old.count - taken else { throw CompactFault("requantifies \(count) entries of \(old.count - taken) left") }
                for offset in 0..<count {
                    let qty = Int64(bitPattern: try cursor.varint())
                    out[produced + offset] = BookEntry(price: old[taken + offset].price, qty: Quantity(shares: qty), isBuy: isBuy)
                }
                taken += count
                produced += count
            case .insert:
                for _ in 0..<count {
                    let base = produced > 0 ? out[produced - 1].price.units : old.first?.price.units ?? 0
                    let price = base &+ CompactForm.signed(try cursor.varint())
                    let qty = Int64(bitPattern: try cursor.varint())
                    out[produced] = BookEntry(price: Price(units: price), qty: Quantity(shares: qty), isBuy: isBuy)
                    produced += 1
                }
            }
        }
    }

    /// Why the other forms' readers would refuse a book with these sides (not best first, a
    /// number out of `RecordedNumbers`' range, in the order they check), or nil.
    @inline(__always)
    private static func refusal(bids: [BookEntry], asks: [BookEntry]) -> String? {
        var (bidOrder, askOrder) = (BestFirstCheck(isBuy: true), BestFirstCheck(isBuy: false))
        var inRange = true
        for entry in bids {
            bidOrder.see(entry.price.units)
            inRange = inRange && RecordedNumbers.holds(price: entry.price.units, qty: entry.qty.shares)
        }
        for entry in asks {
            askOrder.see(entry.price.units)
            inRange = inRange && RecordedNumbers.holds(price: entry.price.units, qty: entry.qty.shares)
        }
        guard bidOrder.holds && askOrder.holds else { return BestFirstCheck.refusal }
        return inRange ? nil : RecordedNumbers.refusal(bids: bids, asks: asks)
    }
}

/// Why a compact record was not read: damage (bytes that no writer of the form makes; the reader
/// names the record's offset and resumes at the next key frame) or a refusal of an intact record
/// (as the other forms' readers refuse the same book).
struct CompactFault: Error {
    var reason: String
    var isDamage: Bool

    /// Damage.
    init(_ reason: String) {
        self.reason = reason
        isDamage = true
    }

    /// A refusal of an intact record.
    init(refusal: String) {
        reason = refusal
        isDamage = false
    }
}
