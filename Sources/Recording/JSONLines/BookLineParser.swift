import Glibc
import StrategyKit
import Wire

/// The hot path of reading JSON Lines recordings: parses a `book` record straight from its
/// bytes, in any key order and with any whitespace, as `JSONDecoder` would (it is the oracle in
/// the tests), on the primitives of Wire's one `JSONReader`. Venue and symbol names are kept
/// from line to line, and the sides are made in recycled storage (see `BookSideParser`), so once
/// the pool is full a book normally allocates nothing.
struct BookLineParser {
    private var sides: BookSideParser
    private var venues = NameCache()
    private var symbols = NameCache()
    /// The first version-1 price of the line beyond `RecordedEvent.maxCents`, refused once the
    /// line is known to be a valid book (as converting the book refused it).
    private var centsRefusal: String?
    /// The last bids and asks parsed, with their text: a side written the same as the last one
    /// of its kind (about half of them in a market-by-price feed, where a book changes on one
    /// side) is not parsed again, since parsing is a function of the text; nor are the entries
    /// a changed side shares whole with it from its start, or after an entry at one of its
    /// prices (see `BookSideParser`).
    private var lastBids = BookSideParser.LastSide()
    private var lastAsks = BookSideParser.LastSide()

    /// A parser whose books' storage is reused `booksHeld` books later when nobody holds them;
    /// `pricesInCents` for a version-1 recording (see `RecordedEvent.convertedFromCents`).
    init(booksHeld: Int, pricesInCents: Bool = false) {
        sides = BookSideParser(booksHeld: booksHeld, pricesInCents: pricesInCents)
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
        // The key a recording's writer puts next, tried first as it writes it (quoted, with its
        // colon, no spaces): the same key as reading it the general way, in fewer instructions.
        var next: Key? = resumed ? .seq : .kind
        if resumed || !cursor.consume(UInt8(ascii: "}")) {
            repeat {
                if inHead, isBook { head = (cursor.offset, parsedVenue, parsedSymbol) }
                let key: Key
                if let next, let written = next.written, cursor.consume(exactly: written) {
                    key = next
                } else {
                    let rawKey = try cursor.rawString()
                    try cursor.expect(UInt8(ascii: ":"))
                    key = rawKey.isEscaped ? try Self.keyBytes(Self.unescaped(rawKey)) : Key(rawKey.bytes)
                }
                next = key.writtenNext
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
                case .bids: (bids, bestFirst.bids) = try sides.entries(&cursor, isBuy: true, last: &lastBids, centsRefusal: &centsRefusal)
                case .asks: (asks, bestFirst.asks) = try sides.entries(&cursor, isBuy: false, last: &lastAsks, centsRefusal: &centsRefusal)
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

    /// The start of the last book line through the comma after its last leading kind, venue or
    /// symbol pair, and what it set; empty when there is none to reuse.
    private var lastHead = ParsedHead()

    private struct ParsedHead {
        var text: [UInt8] = []
        var venue: Venue?
        var symbol: Symbol?
    }

    /// The keys a book line has; anything else is skipped.
    private enum Key: Equatable {
        case kind, venue, symbol, seq, exchangeTime, receivedTime, bids, asks, other

        /// The key quoted and followed by its colon, as a recording's writer writes it (nil for
        /// another key).
        var written: StaticString? {
            switch self {
            case .kind: #""kind":"#
            case .venue: #""venue":"#
            case .symbol: #""symbol":"#
            case .seq: #""seq":"#
            case .exchangeTime: #""exchangeTime":"#
            case .receivedTime: #""receivedTime":"#
            case .bids: #""bids":"#
            case .asks: #""asks":"#
            case .other: nil
            }
        }

        /// The key a recording's writer writes after this one, if any.
        var writtenNext: Key? {
            switch self {
            case .kind: .venue
            case .venue: .symbol
            case .symbol: .seq
            case .seq: .exchangeTime
            case .exchangeTime: .receivedTime
            case .receivedTime: .bids
            case .bids: .asks
            case .asks, .other: nil
            }
        }

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
