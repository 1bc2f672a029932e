import StrategyKit

/// Decodes the bodies of the compact form's book records (see `CompactBookEncoder`), keeping the
/// last book of every stream as the base of its next delta. A side a delta leaves unchanged is
/// the previous book's array itself (shared, never copied); a changed side is built in recycled
/// storage (`EntryArrayPool`) from runs of the previous side and the few entries the delta holds.
/// Every book it returns has passed the checks the other forms' readers make (best first,
/// numbers within `RecordedNumbers`); a book that fails them is refused (a `CompactFault` that is
/// not damage) but stays its stream's base, as the writer's next delta expects.
struct CompactBookDecoder {
    /// A stream's last book, the base of its next delta, field by field, updated in place in
    /// `streams` (a class held there was retained by every delta that read it).
    private struct Stream {
        var venue: Venue = ""
        var symbol: Symbol = ""
        var bids: [BookEntry] = []
        var asks: [BookEntry] = []
        var sequence: UInt64 = 0
        var exchangeTime: Int64 = 0
        var receivedTime: Int64 = 0
        /// False for a number no key frame gave yet.
        var isStarted = false
        /// False once the base is forgotten after damage.
        var hasBase = true
        /// Whether the last book passed the checks (so that what a delta keeps of it needs none).
        var lastHolds = true

        /// A number no key frame gave yet.
        init() {}

        init(_ book: BookSnapshot, holds: Bool) {
            venue = book.venue
            symbol = book.symbol
            bids = book.bids
            asks = book.asks
            sequence = book.sequence
            exchangeTime = book.exchangeTime.nanoseconds
            receivedTime = book.receivedTime.nanoseconds
            isStarted = true
            lastHolds = holds
        }
    }

    /// The streams by number (not optional: reading a field of an optional element copied the
    /// whole stream out).
    private var streams: [Stream] = []
    private var pool: EntryArrayPool
    /// The highest stream number a key frame may give: more is damage, not a recording.
    private static let maxStreams = 1 << 20

    /// A decoder whose books' storage is reused `booksHeld` books later when nobody holds them.
    /// The pool is deeper than the other readers' (`EntryArrayPool.keptSideAllowance`): a side
    /// that a delta leaves as it was is held by its stream, and by every book since.
    init(booksHeld: Int) {
        pool = EntryArrayPool(depth: 2 * booksHeld + EntryArrayPool.keptSideAllowance)
    }

    /// Forgets every stream's last book: after damage, no delta is applied until its stream's
    /// next key frame.
    mutating func forgetBases() {
        for index in streams.indices { streams[index].hasBase = false }
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
        if index >= streams.count { streams.append(contentsOf: repeatElement(Stream(), count: index + 1 - streams.count)) }
        streams[index] = Stream(book, holds: refusal == nil)
        if let refusal { throw CompactFault(refusal: refusal) }
        return book
    }

    /// The book of a delta's body, or nil when its stream's base was forgotten after damage
    /// (`forgetBases`). A delta of a stream never seen is a fault.
    mutating func delta(_ body: UnsafeRawBufferPointer) throws(CompactFault) -> BookSnapshot? {
        var cursor = CompactCursor(body)
        let id = try cursor.varint()
        guard id < UInt64(streams.count), streams[Int(id)].isStarted else {
            throw CompactFault("a delta of stream \(id), which no full book started")
        }
        let index = Int(id)
        guard streams[index].hasBase else { return nil }
        let lastHolds = streams[index].lastHolds
        let (lastSequence, lastExchangeTime, lastReceivedTime) =
            (streams[index].sequence, streams[index].exchangeTime, streams[index].receivedTime)
        let sequence = lastSequence &+ UInt64(bitPattern: CompactForm.signed(try cursor.varint()))
        let exchangeTime = lastExchangeTime &+ CompactForm.signed(try cursor.varint())
        let receivedTime = exchangeTime &+ (lastReceivedTime &- lastExchangeTime) &+ CompactForm.signed(try cursor.varint())
        let changed = try cursor.byte()
        guard changed <= 3 else { throw CompactFault("change flags \(changed) are not 0 to 3") }
        // A side a delta keeps as it was, and the parts of a side it keeps, passed the checks
        // with the previous book, unless that was refused: then the whole book is checked.
        var holds = true
        if changed & 1 != 0 { try editSide(\.bids, of: index, &cursor, isBuy: true, holds: &holds) }
        if changed & 2 != 0 { try editSide(\.asks, of: index, &cursor, isBuy: false, holds: &holds) }
        guard cursor.remaining == 0 else { throw CompactFault("\(cursor.remaining) bytes after the edits") }
        streams[index].sequence = sequence
        streams[index].exchangeTime = exchangeTime
        streams[index].receivedTime = receivedTime
        let book = BookSnapshot(
            venue: streams[index].venue, symbol: streams[index].symbol, bids: streams[index].bids,
            asks: streams[index].asks, exchangeTime: Timestamp(nanoseconds: exchangeTime),
            receivedTime: Timestamp(nanoseconds: receivedTime), sequence: sequence)
        if !holds || !lastHolds {
            let refusal = Self.refusal(bids: book.bids, asks: book.asks)
            streams[index].lastHolds = refusal == nil
            if let refusal { throw CompactFault(refusal: refusal) }
        }
        return book
    }

    /// Replaces stream `index`'s `side` with the side the edits at the cursor make of it. The
    /// side is moved out while the edits are read (passing it in place retained it), and put
    /// back as it was when they fail.
    @inline(__always)
    private mutating func editSide(
        _ side: WritableKeyPath<Stream, [BookEntry]>, of index: Int, _ cursor: inout CompactCursor, isBuy: Bool,
        holds: inout Bool
    ) throws(CompactFault) {
        var old: [BookEntry] = []
        swap(&old, &streams[index][keyPath: side])
        do throws(CompactFault) {
            streams[index][keyPath: side] = try editedSide(&cursor, from: old, isBuy: isBuy, holds: &holds)
        } catch {
            streams[index][keyPath: side] = old
            throw error
        }
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

    /// The side `old` with the edits at the cursor applied (see `CompactForm.Edit`); clears
    /// `holds` when what the edits brought in may break the order or the ranges (the caller then
    /// checks the whole book).
    private mutating func editedSide(
        _ cursor: inout CompactCursor, from old: [BookEntry], isBuy: Bool, holds: inout Bool
    ) throws(CompactFault) -> [BookEntry] {
        let count = try cursor.varint()
        // Every entry is an old one or takes two bytes of the record at least.
        guard count <= UInt64(old.count + cursor.remaining / 2) else {
            throw CompactFault("a side of \(count) entries is beyond what the record and the previous book hold")
        }
        var outcome: Result<Bool, CompactFault> = .success(true)
        let entries = pool.make(count: Int(count)) { out in
            old.withUnsafeBufferPointer { old in
                do throws(CompactFault) {
                    outcome = .success(try Self.apply(&cursor, to: old, into: out, isBuy: isBuy))
                } catch {
                    outcome = .failure(error)
                }
            }
        }
        holds = try outcome.get() && holds
        return entries
    }

    /// Reads edits until `out` is full; entries of `old` not used by then are dropped. Returns
    /// whether every entry it brought in (the first of each run of old ones, and each new price
    /// or quantity) keeps the side best first and within `RecordedNumbers`' range, the runs of
    /// old entries being so within themselves when the previous book passed the checks.
    @inline(__always)
    private static func apply(
        _ cursor: inout CompactCursor, to old: UnsafeBufferPointer<BookEntry>, into out: UnsafeMutableBufferPointer<BookEntry>,
        isBuy: Bool
    ) throws(CompactFault) -> Bool {
        var (produced, taken) = (0, 0)
        var holds = true
        // Whether `price` may follow the last entry produced.
        func follows(_ price: Int64) -> Bool {
            guard produced > 0 else { return true }
            let before = out[produced - 1].price.units
            return isBuy ? price <= before : price >= before
        }
        while produced < out.count {
            let word = try cursor.varint()
            guard let edit = CompactForm.Edit(rawValue: UInt8(word & 3)), word >> 2 > 0,
                word >> 2 <= UInt64(edit == .drop ? old.count - taken : out.count - produced)
            else { throw CompactFault("edit \(word & 3) of \(word >> 2) entries does not fit the side") }
            let count = Int(word >> 2)
            switch edit {
            case .keep:
                guard count <= old.count - taken else { throw CompactFault("keeps \(count) entries of \(old.count - taken) left") }
                holds = holds && follows(old[taken].price.units)
                (out.baseAddress! + produced).update(from: old.baseAddress! + taken, count: count)
                taken += count
                produced += count
            case .drop:
                taken += count
            case .requantity:
                guard count <= old.count - taken else { throw CompactFault("requantifies \(count) entries of \(old.count - taken) left") }
                holds = holds && follows(old[taken].price.units)
                var quantityBits: UInt64 = 0
                for offset in 0..<count {
                    let qty = try cursor.varint()
                    quantityBits |= qty
                    out[produced + offset] = BookEntry(price: old[taken + offset].price, qty: Quantity(shares: Int64(bitPattern: qty)), isBuy: isBuy)
                }
                holds = holds && quantityBits <= UInt64(RecordedNumbers.quantities.upperBound)
                taken += count
                produced += count
            case .insert:
                for _ in 0..<count {
                    let base = produced > 0 ? out[produced - 1].price.units : old.first?.price.units ?? 0
                    let price = base &+ CompactForm.signed(try cursor.varint())
                    let qty = Int64(bitPattern: try cursor.varint())
                    holds = holds && follows(price) && RecordedNumbers.holds(price: price, qty: qty)
                    out[produced] = BookEntry(price: Price(units: price), qty: Quantity(shares: qty), isBuy: isBuy)
                    produced += 1
                }
            }
        }
        return holds
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
