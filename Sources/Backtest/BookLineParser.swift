import Glibc
import StrategyKit
import Wire

/// The hot path of reading JSON Lines recordings: parses a `book` record straight from its
/// bytes, in any key order and with any whitespace, as `JSONDecoder` would (it is the oracle in
/// the tests), on the primitives of Wire's one `JSONReader`. Venue and symbol names are kept from line to line, and the sides are made in
/// recycled storage (see `EntryArrayPool`), so once the pool is full a book normally allocates
/// nothing.
struct BookLineParser {
    private var pool: EntryArrayPool
    private var venues = NameCache()
    private var symbols = NameCache()
    /// Whether prices are a version-1 recording's cents, converted to units as they are parsed
    /// (converting the finished book instead would copy both its sides).
    private let pricesInCents: Bool
    /// The first version-1 price of the line beyond `RecordedEvent.maxCents`, refused once the
    /// line is known to be a valid book (as converting the book refused it).
    private var centsRefusal: String?
    /// Where a side's entries are parsed before they are copied into recycled storage.
    private var scratch = Array(repeating: BookEntry(price: .zero, qty: .zero, isBuy: false), count: 64)
    /// Where each entry of `scratch` ends in its side's text (the offset just past its `]`).
    private var scratchEnds = Array(repeating: 0, count: 64)
    /// The last bids and asks parsed, with their text: a side written the same as the last one
    /// of its kind (about half of them in a market-by-price feed, where a book changes on one
    /// side) is not parsed again, since parsing is a function of the text; nor are the entries
    /// a changed side shares whole with it from its start, or from an entry at one of its prices
    /// to its end.
    private var lastBids = ParsedSide()
    private var lastAsks = ParsedSide()

    /// A parser whose books' storage is reused `booksHeld` books later when nobody holds them;
    /// `pricesInCents` for a version-1 recording (see `RecordedEvent.convertedFromCents`).
    init(booksHeld: Int, pricesInCents: Bool = false) {
        pool = EntryArrayPool(depth: 2 * booksHeld)
        self.pricesInCents = pricesInCents
    }

    /// The line's book, or nil when the line is a valid object of another kind (which the caller
    /// decodes another way). Throws when the line is not a valid record.
    mutating func parse(_ line: UnsafeRawBufferPointer) throws(JSONReadError) -> BookSnapshot? {
        var cursor = JSONReader(line)
        centsRefusal = nil
        var isBook = false
        var parsedVenue: Venue?
        var parsedSymbol: Symbol?
        var sequence: Int64?
        var exchangeTime: Int64?
        var receivedTime: Int64?
        var (bids, asks): ([BookEntry], [BookEntry]) = ([], [])
        // Whether the sides kept are best first; refused only once the line is known to be a
        // valid book, so that every other fault is reported as before.
        var bestFirst = (bids: true, asks: true)
        // A line that starts as the last book did, through its kind, venue and symbol, sets
        // what that start set (parsing is a function of the text) and is read on after it.
        let resumed = lastHead.text.withUnsafeBytes { cursor.consume(prefix: $0) }
        if resumed {
            (isBook, parsedVenue, parsedSymbol) = (true, lastHead.venue, lastHead.symbol)
        } else {
            try cursor.expect(UInt8(ascii: "{"))
        }
        // The line's own start: where its pairs other than kind, venue and symbol begin.
        var head: (end: Int, venue: Venue?, symbol: Symbol?)?
        var inHead = true
        if resumed || !cursor.consume(UInt8(ascii: "}")) {
            repeat {
                if inHead, isBook { head = (cursor.offset, parsedVenue, parsedSymbol) }
                let rawKey = try cursor.rawString()
                try cursor.expect(UInt8(ascii: ":"))
                let key = rawKey.isEscaped ? try Self.keyBytes(Self.unescaped(rawKey)) : Key(rawKey.bytes)
                inHead = inHead && (key == .kind || key == .venue || key == .symbol)
                switch key {
                case .kind:
                    let rawKind = try cursor.rawString()
                    let isBookKind = rawKind.isEscaped
                        ? try Self.unescaped(rawKind) == Array("book".utf8)
                        : Key.equals(rawKind.bytes, "book")
                    guard isBookKind else { return nil }
                    isBook = true
                case .venue: parsedVenue = Venue(rawValue: try Self.name(&cursor, cache: &venues))
                case .symbol: parsedSymbol = Symbol(rawValue: try Self.name(&cursor, cache: &symbols))
                case .seq:
                    let value = try cursor.int64()
                    guard value >= 0 else { throw .refused("seq is negative") }
                    sequence = value
                case .exchangeTime: exchangeTime = try cursor.int64()
                case .receivedTime: receivedTime = try cursor.int64()
                case .bids: (bids, bestFirst.bids) = try entries(&cursor, isBuy: true)
                case .asks: (asks, bestFirst.asks) = try entries(&cursor, isBuy: false)
                case .other: try cursor.skipValue()
                }
            } while cursor.consume(UInt8(ascii: ","))
            try cursor.expect(UInt8(ascii: "}"))
        }
        cursor.skipWhitespace()
        guard cursor.isAtEnd else { throw .refused("text after the record") }
        guard isBook else { throw .refused("missing kind") }
        guard let parsedVenue, let parsedSymbol, let sequence, let exchangeTime, let receivedTime else {
            throw .refused("a book needs venue, symbol, seq, exchangeTime and receivedTime")
        }
        guard bestFirst.bids && bestFirst.asks else { throw .refused(BestFirstCheck.refusal) }
        if let centsRefusal { throw .refused(centsRefusal) }
        if let head, head.end > lastHead.text.count || !resumed {
            lastHead.text.removeAll(keepingCapacity: true)
            lastHead.text.append(contentsOf: UnsafeRawBufferPointer(rebasing: line.prefix(head.end)))
            (lastHead.venue, lastHead.symbol) = (head.venue, head.symbol)
        }
        return BookSnapshot(
            venue: parsedVenue, symbol: parsedSymbol, bids: bids, asks: asks,
            exchangeTime: Timestamp(nanoseconds: exchangeTime), receivedTime: Timestamp(nanoseconds: receivedTime),
            sequence: UInt64(sequence))
    }

    /// A string value as a name, through `cache` unless it has escapes.
    private static func name(_ cursor: inout JSONReader, cache: inout NameCache) throws(JSONReadError) -> String {
        let raw = try cursor.rawString()
        return raw.isEscaped ? String(decoding: try unescaped(raw), as: UTF8.self) : cache.name(raw.bytes)
    }

    /// `null` or `[[price, qty], ...]`, and whether it is best first.
    @inline(__always)
    private mutating func entries(_ cursor: inout JSONReader, isBuy: Bool) throws(JSONReadError) -> ([BookEntry], Bool) {
        if cursor.peek() == UInt8(ascii: "n") {
            try cursor.literal("null")
            return ([], true)
        }
        let start = cursor.offset
        let last = isBuy ? lastBids : lastAsks
        // Half the sides repeat whole: memcmp finds those in fewer instructions than counting
        // the shared bytes does (1,297M against 1,261M for small.jsonl read three times), which
        // only a changed side then needs.
        if last.text.withUnsafeBytes({ cursor.consume(prefix: $0) }) { return (last.entries, last.bestFirst) }
        let shared = last.text.withUnsafeBytes { cursor.matchingPrefixCount($0) }
        // Parsed into `scratch` with plain stores (appending to the recycled array checked its
        // uniqueness and capacity per entry), grown when full, then copied into recycled storage
        // in one move; a failure leaves the side unmade. The entries the text shares whole with
        // the last side's (a side changed past its first levels) are that side's, not parsed
        // again: the text up to an entry's closing bracket makes the entry, and the order check
        // sees their prices as it would have.
        var side = Side(check: BestFirstCheck(isBuy: isBuy), centsRefusal: centsRefusal)
        var reused = 0
        while reused < last.ends.count, last.ends[reused] <= shared { reused += 1 }
        var closed = false
        if reused > 0 {
            last.entries.withUnsafeBufferPointer { entries in
                scratch.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: entries.baseAddress!, count: reused) }
                for entry in entries.prefix(reused) { side.check.see(entry.price.units) }
            }
            last.ends.withUnsafeBufferPointer { ends in
                scratchEnds.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: ends.baseAddress!, count: reused) }
            }
            side.count = reused
            cursor.advance(by: last.ends[reused - 1])
            if !cursor.consume(UInt8(ascii: ",")) {
                try cursor.expect(UInt8(ascii: "]"))
                closed = true
            }
        } else {
            try cursor.expect(UInt8(ascii: "["))
            if cursor.consume(UInt8(ascii: "]")) { return ([], true) }
        }
        let pricesInCents = pricesInCents
        // Where the last side's entries are looked for by price, to find the rest of the text
        // the same as the last side's after one of them (see `lastSidesRest`).
        var hint = reused
        while !closed {
            let outcome = scratch.withUnsafeMutableBufferPointer { buffer in
                scratchEnds.withUnsafeMutableBufferPointer { ends -> Result<Bool, JSONReadError> in
                    do throws(JSONReadError) {
                        return .success(
                            try Self.parseEntries(
                                &cursor, isBuy: isBuy, pricesInCents: pricesInCents, into: buffer, ends: ends, from: start, side: &side,
                                last: last, hint: &hint))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            closed = try outcome.get()
            if !closed {
                scratch.append(contentsOf: repeatElement(BookEntry(price: .zero, qty: .zero, isBuy: false), count: scratch.count))
                scratchEnds.append(contentsOf: repeatElement(0, count: scratchEnds.count))
            }
        }
        centsRefusal = side.centsRefusal
        let count = side.count
        let entries = scratch.withUnsafeBufferPointer { parsed in
            pool.make(count: count) { $0.baseAddress!.update(from: parsed.baseAddress!, count: count) }
        }
        // A side that refused a version-1 price, or that follows one that did, is not kept:
        // what it alone would refuse is not known.
        let text = side.centsRefusal == nil ? cursor.bytes(from: start) : UnsafeRawBufferPointer(start: nil, count: 0)
        scratchEnds.withUnsafeBufferPointer { ends in
            let ends = UnsafeBufferPointer(rebasing: ends.prefix(text.count == 0 ? 0 : count))
            if isBuy {
                lastBids.remember(text, entries: entries, ends: ends, bestFirst: side.check.holds)
            } else {
                lastAsks.remember(text, entries: entries, ends: ends, bestFirst: side.check.holds)
            }
        }
        return (entries, side.check.holds)
    }

    /// The start of the last book line through the comma after its last leading kind, venue or
    /// symbol pair, and what it set; empty when there is none to reuse.
    private var lastHead = ParsedHead()

    private struct ParsedHead {
        var text: [UInt8] = []
        var venue: Venue?
        var symbol: Symbol?
    }

    /// A side as parsed from its text.
    private struct ParsedSide {
        /// Empty when there is none to reuse.
        var text: [UInt8] = []
        var entries: [BookEntry] = []
        /// Where in `text` each entry's closing bracket ends (the offset just past it).
        var ends: [Int] = []
        var bestFirst = true

        mutating func remember(_ text: UnsafeRawBufferPointer, entries: [BookEntry], ends: UnsafeBufferPointer<Int>, bestFirst: Bool) {
            self.text.removeAll(keepingCapacity: true)
            self.text.append(contentsOf: text)
            self.entries = entries
            self.ends.removeAll(keepingCapacity: true)
            self.ends.append(contentsOf: ends)
            self.bestFirst = bestFirst
        }
    }

    /// A side being parsed: the entries so far, the order check, the first version-1 price
    /// beyond the limit.
    private struct Side {
        var count = 0
        var check: BestFirstCheck
        var centsRefusal: String?
    }

    /// `[price, qty], ...]`: the entries of a side after its opening bracket (or after the
    /// comma before the entry where an earlier call stopped), stored in `buffer` from
    /// `side.count` on, where each ends (from the side's text at `start`) in `ends`. True once
    /// the side's closing bracket is read, or the rest of the side is found to be `last`'s
    /// (`lastSidesRest`); false when `buffer` is full before the next entry (call again with a
    /// larger one).
    @inline(__always)
    private static func parseEntries(
        _ cursor: inout JSONReader, isBuy: Bool, pricesInCents: Bool, into buffer: UnsafeMutableBufferPointer<BookEntry>,
        ends: UnsafeMutableBufferPointer<Int>, from start: Int, side: inout Side, last: ParsedSide, hint: inout Int
    ) throws(JSONReadError) -> Bool {
        repeat {
            guard side.count < buffer.count else { return false }
            var price: Int64
            let qty: Int64
            if let pair = cursor.compactIntegerPair() {
                price = pair.0
                qty = pair.1
            } else {
                try cursor.expect(UInt8(ascii: "["))
                price = try cursor.int64()
                try cursor.expect(UInt8(ascii: ","))
                qty = try cursor.int64()
                guard cursor.consume(UInt8(ascii: "]")) else { throw .refused("a book entry is [price, qty]") }
            }
            guard RecordedNumbers.holds(price: price, qty: qty) else {
                throw .refused(RecordedNumbers.refusal(price: price, qty: qty, isBuy: isBuy, index: side.count))
            }
            if pricesInCents {
                if price > RecordedEvent.maxCents && side.centsRefusal == nil {
                    side.centsRefusal = RecordedEvent.centsRefusal("\(isBuy ? "bids" : "asks")[\(side.count)].price", price)
                }
                price &*= Price.unitsPerCent
            }
            buffer[side.count] = BookEntry(price: Price(units: price), qty: Quantity(shares: qty), isBuy: isBuy)
            ends[side.count] = cursor.offset - start
            side.count += 1
            side.check.see(price)
            if lastSidesRest(
                after: price, isBuy: isBuy, &cursor, into: buffer, ends: ends, from: start, side: &side, last: last, hint: &hint)
            {
                return true
            }
        } while cursor.consume(UInt8(ascii: ","))
        try cursor.expect(UInt8(ascii: "]"))
        return true
    }

    /// Takes the rest of the side, after the entry of `price` just parsed, from `last` when its
    /// text after its own entry at that price (the first there) follows here byte for byte, and
    /// moves past it: the text of a side's entries after one of them, through the closing
    /// bracket, reads as those entries wherever it stands, so a change to one level of a long
    /// side is parsed as that entry alone. `hint`, where the entries after the ones shared
    /// from the start begin in `last`, moves on to the price. False, with nothing consumed,
    /// when `last` was not best first or had a refusal, has no entry at `price`, or its rest is
    /// not here, or when `buffer` cannot hold it.
    @inline(__always)
    private static func lastSidesRest(
        after price: Int64, isBuy: Bool, _ cursor: inout JSONReader, into buffer: UnsafeMutableBufferPointer<BookEntry>,
        ends: UnsafeMutableBufferPointer<Int>, from start: Int, side: inout Side, last: ParsedSide, hint: inout Int
    ) -> Bool {
        let count = last.ends.count
        guard last.bestFirst, count == last.entries.count else { return false }
        while hint < count, isBuy ? last.entries[hint].price.units > price : last.entries[hint].price.units < price { hint += 1 }
        guard hint < count, last.entries[hint].price.units == price, side.count + count - hint - 1 <= buffer.count else { return false }
        let restStart = last.ends[hint]
        let end = cursor.offset - start
        guard last.text.withUnsafeBytes({ cursor.consume(prefix: UnsafeRawBufferPointer(rebasing: $0[restStart...])) }) else {
            return false
        }
        // The rest keeps the order without a check: `last` is best first, and this entry's price
        // is that of its entry before the rest.
        for index in (hint + 1)..<count {
            buffer[side.count] = last.entries[index]
            ends[side.count] = last.ends[index] - restStart + end
            side.count += 1
        }
        return true
    }

    /// The keys a book line has; anything else is skipped.
    private enum Key: Equatable {
        case kind, venue, symbol, seq, exchangeTime, receivedTime, bids, asks, other

        @inline(__always)
        static func equals(_ raw: UnsafeRawBufferPointer, _ word: StaticString) -> Bool {
            raw.count == word.utf8CodeUnitCount && (raw.count == 0 || memcmp(raw.baseAddress!, word.utf8Start, raw.count) == 0)
        }

        init(_ raw: UnsafeRawBufferPointer) {
            func equals(_ word: StaticString) -> Bool { Key.equals(raw, word) }
            switch raw.count {
            case 3: self = equals("seq") ? .seq : .other
            case 4: self = equals("bids") ? .bids : equals("asks") ? .asks : equals("kind") ? .kind : .other
            case 5: self = equals("venue") ? .venue : .other
            case 6: self = equals("symbol") ? .symbol : .other
            case 12: self = equals("exchangeTime") ? .exchangeTime : equals("receivedTime") ? .receivedTime : .other
            default: self = .other
            }
        }
    }

    /// The UTF-8 of an escaped string, its escapes resolved.
    private static func unescaped(_ raw: JSONRawString) throws(JSONReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        try JSONReader.unescape(raw, into: &bytes)
        return bytes
    }

    private static func keyBytes(_ bytes: [UInt8]) -> Key {
        bytes.withUnsafeBytes { Key($0) }
    }
}
