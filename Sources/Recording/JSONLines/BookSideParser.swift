import StrategyKit
import Wire

/// The sides of `BookLineParser`'s books: parses `null` or `[[price, qty], ...]` into recycled
/// storage (see `EntryArrayPool`), reusing what the text shares with the last side of its kind
/// (the caller keeps it, one for the bids and one for the asks, and lends it for the side).
struct BookSideParser {
    private var pool: EntryArrayPool
    /// Whether prices are a version-1 recording's cents, converted to units as they are parsed
    /// (converting the finished book instead would copy both its sides).
    private let pricesInCents: Bool
    /// Where a side's entries are parsed before they are copied into recycled storage.
    private var scratch = Array(repeating: BookEntry(price: .zero, qty: .zero, isBuy: false), count: 64)
    /// Where each entry of `scratch` ends in its side's text (the offset just past its `]`).
    private var scratchEnds = Array(repeating: 0, count: 64)

    /// Sides whose storage is reused `booksHeld` books later when nobody holds them.
    init(booksHeld: Int, pricesInCents: Bool) {
        pool = EntryArrayPool(depth: 2 * booksHeld)
        self.pricesInCents = pricesInCents
    }

    /// `null` or `[[price, qty], ...]`, and whether it is best first.
    @inline(__always)
    mutating func entries(
        _ cursor: inout JSONReader, isBuy: Bool, last: inout LastSide, centsRefusal: inout String?
    ) throws(JSONReadError) -> ([BookEntry], Bool) {
        if cursor.peek() == UInt8(ascii: "n") {
            try cursor.literal("null")
            return ([], true)
        }
        let start = cursor.offset
        // Half the sides repeat whole: memcmp finds those in fewer instructions than counting
        // the shared bytes does, which only a changed side then needs.
        if last.text.withUnsafeBytes({ cursor.consume(prefix: $0) }) { return (last.entries, last.bestFirst) }
        let shared = last.text.withUnsafeBytes { cursor.matchingPrefixCount($0) }
        // Parsed into `scratch` with plain stores (appending to the recycled array checked its
        // uniqueness and capacity per entry), grown when full, then copied into recycled storage
        // in one move; a failure leaves the side unmade. The entries the text shares whole with
        // the last side's (a side changed past its first levels) are that side's, not parsed
        // again: the text up to an entry's closing bracket makes the entry, and the order check
        // sees their prices as it would have.
        var side = Side(check: BestFirstCheck(isBuy: isBuy), followsRefusal: centsRefusal != nil)
        var reused = 0
        while reused < last.ends.count, last.ends[reused] <= shared { reused += 1 }
        var closed = false
        if reused > 0 {
            last.entries.withUnsafeBufferPointer { entries in
                scratch.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: entries.baseAddress!, count: reused) }
                if last.bestFirst {
                    side.check.see(orderedRunFrom: entries[0].price.units, to: entries[reused - 1].price.units)
                } else {
                    for entry in entries.prefix(reused) { side.check.see(entry.price.units) }
                }
            }
            last.ends.withUnsafeBufferPointer { ends in
                scratchEnds.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: ends.baseAddress!, count: reused) }
            }
            side.count = reused
            side.lastIndex = reused
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
        while !closed {
            closed = try scratch.withUnsafeMutableBufferPointer { buffer throws(JSONReadError) in
                try scratchEnds.withUnsafeMutableBufferPointer { ends throws(JSONReadError) in
                    try Self.parseEntries(
                        &cursor, isBuy: isBuy, pricesInCents: pricesInCents, into: buffer, ends: ends, from: start, side: &side, last: last)
                }
            }
            if !closed {
                scratch.append(contentsOf: repeatElement(BookEntry(price: .zero, qty: .zero, isBuy: false), count: scratch.count))
                scratchEnds.append(contentsOf: repeatElement(0, count: scratchEnds.count))
            }
        }
        if let refusal = side.centsRefusal { centsRefusal = refusal }
        let count = side.count
        let entries = scratch.withUnsafeBufferPointer { parsed in
            pool.make(count: count) { $0.baseAddress!.update(from: parsed.baseAddress!, count: count) }
        }
        // A side that refused a version-1 price, or that follows one that did, is not kept:
        // what it alone would refuse is not known.
        let kept = !side.followsRefusal && side.centsRefusal == nil
        let text = kept ? cursor.bytes(from: start) : UnsafeRawBufferPointer(start: nil, count: 0)
        scratchEnds.withUnsafeBufferPointer { ends in
            let ends = UnsafeBufferPointer(rebasing: ends.prefix(text.count == 0 ? 0 : count))
            last.remember(text, entries: entries, ends: ends, bestFirst: side.check.holds)
        }
        return (entries, side.check.holds)
    }

    /// The last side of a kind as parsed from its text.
    struct LastSide {
        /// Empty when there is none to reuse.
        var text: [UInt8] = []
        var entries: [BookEntry] = []
        /// Where in `text` each entry's closing bracket ends (the offset just past it).
        var ends: [Int] = []
        var bestFirst = true

        /// The index of the entry after this side's entry at `price`, looked for from `index`
        /// on, which moves past the entries before that price; nil when this side is not best
        /// first, was not kept with its text, or has no entry at `price`.
        @inline(__always)
        func index(after price: Int64, isBuy: Bool, from index: inout Int) -> Int? {
            guard bestFirst else { return nil }
            while index < ends.count, isBuy ? entries[index].price.units > price : entries[index].price.units < price { index += 1 }
            guard index < ends.count, entries[index].price.units == price else { return nil }
            return index + 1
        }

        /// Moves `cursor` past the entries from `next` on that it repeats from the end of the
        /// entry before `next` (whole, with what follows each up to its closing bracket), at
        /// most `limit` of them, and returns them.
        @inline(__always)
        func consumeRepeated(after next: Int, _ cursor: inout JSONReader, upTo limit: Int) -> Range<Int> {
            guard let lastEnd = ends.last else { return next..<next }
            let restStart = ends[next - 1]
            return text.withUnsafeBytes { text in
                let rest = UnsafeRawBufferPointer(rebasing: text[restStart..<lastEnd])
                // Most changed sides repeat all the rest, which memcmp finds in fewer
                // instructions than counting the shared bytes.
                if ends.count - next <= limit, cursor.consume(prefix: rest) { return next..<ends.count }
                let matching = cursor.matchingPrefixCount(rest)
                var end = next
                while end < ends.count, end - next < limit, ends[end] - restStart <= matching { end += 1 }
                if end > next { _ = cursor.consume(prefix: UnsafeRawBufferPointer(rebasing: rest.prefix(ends[end - 1] - restStart))) }
                return next..<end
            }
        }

        mutating func remember(_ text: UnsafeRawBufferPointer, entries: [BookEntry], ends: UnsafeBufferPointer<Int>, bestFirst: Bool) {
            self.text.overwrite(with: text.assumingMemoryBound(to: UInt8.self))
            self.entries = entries
            self.ends.overwrite(with: ends)
            self.bestFirst = bestFirst
        }
    }

    /// A side being parsed: the entries so far, the order check, whether an earlier side of the
    /// line refused a version-1 price, and this side's first version-1 price beyond the limit
    /// when none did. (The line's refusal is not carried through it: copying the string cost
    /// a retain and a release a side.)
    private struct Side {
        var count = 0
        /// Where in the last side of the kind its entries not yet passed by price begin.
        var lastIndex = 0
        var check: BestFirstCheck
        let followsRefusal: Bool
        var centsRefusal: String?
    }

    /// `[price, qty], ...]`: the entries of a side after its opening bracket (or after the
    /// comma before the entry where an earlier call stopped), stored in `buffer` from
    /// `side.count` on, where each ends (from the side's text at `start`) in `ends`. True once
    /// the side's closing bracket is read; false when `buffer` is full before the next entry
    /// (call again with a larger one).
    ///
    /// After an entry at a price of `last`, the entries that follow it in the text exactly as
    /// they follow `last`'s entry at that price are `last`'s, not parsed again: a side changed
    /// at one level is parsed as that entry alone, and one moved a level (a level in at one end,
    /// out at the other) as the entries at its ends. They keep the order: `last` is best first,
    /// and they follow an entry at the price just seen.
    @inline(__always)
    private static func parseEntries(
        _ cursor: inout JSONReader, isBuy: Bool, pricesInCents: Bool, into buffer: UnsafeMutableBufferPointer<BookEntry>,
        ends: UnsafeMutableBufferPointer<Int>, from start: Int, side: inout Side, last: LastSide
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
                if price > RecordedEvent.maxCents && !side.followsRefusal && side.centsRefusal == nil {
                    side.centsRefusal = RecordedEvent.centsRefusal("\(isBuy ? "bids" : "asks")[\(side.count)].price", price)
                }
                price &*= Price.unitsPerCent
            }
            buffer[side.count] = BookEntry(price: Price(units: price), qty: Quantity(shares: qty), isBuy: isBuy)
            ends[side.count] = cursor.offset - start
            side.count += 1
            side.check.see(price)
            if let next = last.index(after: price, isBuy: isBuy, from: &side.lastIndex) {
                let restStart = cursor.offset - start
                let repeated = last.consumeRepeated(after: next, &cursor, upTo: buffer.count - side.count)
                if !repeated.isEmpty {
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[side.count...]).update(fromContentsOf: last.entries[repeated])
                    let shift = restStart - last.ends[next - 1]
                    for index in repeated {
                        ends[side.count] = last.ends[index] + shift
                        side.count += 1
                    }
                    side.check.see(orderedRunFrom: last.entries[next].price.units, to: last.entries[repeated.upperBound - 1].price.units)
                    side.lastIndex = repeated.upperBound
                }
            }
        } while cursor.consume(UInt8(ascii: ","))
        try cursor.expect(UInt8(ascii: "]"))
        return true
    }
}
