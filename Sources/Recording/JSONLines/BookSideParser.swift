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
            closed = try scratch.withUnsafeMutableBufferPointer { buffer throws(JSONReadError) in
                try scratchEnds.withUnsafeMutableBufferPointer { ends throws(JSONReadError) in
                    try Self.parseEntries(
                        &cursor, isBuy: isBuy, pricesInCents: pricesInCents, into: buffer, ends: ends, from: start, side: &side,
                        last: last, hint: &hint)
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
        var check: BestFirstCheck
        let followsRefusal: Bool
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
        ends: UnsafeMutableBufferPointer<Int>, from start: Int, side: inout Side, last: LastSide, hint: inout Int
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
            if lastSidesRest(
                after: price, isBuy: isBuy, &cursor, into: buffer, ends: ends, from: start, side: &side, last: last, hint: &hint)
            {
                return true
            }
        } while cursor.consume(UInt8(ascii: ","))
        try cursor.expect(UInt8(ascii: "]"))
        return true
    }

    /// Takes from `last` the entries after its entry at `price` (the first there), the entry just
    /// parsed, that the text here repeats whole from the end of that entry on, and moves past
    /// them: the text of a side's entries after one of them reads as those entries wherever it
    /// stands, so a change to one level of a long side is parsed as that entry alone, and a side
    /// moved a level (its prices shifted, a level in at one end and out at the other) as the two
    /// entries at its ends. True when that is the whole rest of the side through its closing
    /// bracket (the side is read); false when the caller reads on, after the entries taken,
    /// if any. `hint`, where the entries not yet taken begin in `last`, moves on past them.
    /// Nothing is taken when `last` was not best first or had a refusal, or has no entry at
    /// `price`, or as far as `buffer` cannot hold.
    @inline(__always)
    private static func lastSidesRest(
        after price: Int64, isBuy: Bool, _ cursor: inout JSONReader, into buffer: UnsafeMutableBufferPointer<BookEntry>,
        ends: UnsafeMutableBufferPointer<Int>, from start: Int, side: inout Side, last: LastSide, hint: inout Int
    ) -> Bool {
        let count = last.ends.count
        guard last.bestFirst, count == last.entries.count else { return false }
        while hint < count, isBuy ? last.entries[hint].price.units > price : last.entries[hint].price.units < price { hint += 1 }
        guard hint < count, last.entries[hint].price.units == price else { return false }
        let restStart = last.ends[hint]
        let end = cursor.offset - start
        let first = hint + 1
        var taken = count
        let closed = last.text.withUnsafeBytes { text in
            let rest = UnsafeRawBufferPointer(rebasing: text[restStart...])
            if side.count + count - first <= buffer.count, cursor.consume(prefix: rest) { return true }
            // Most rests that are not the same to the side's end are the same for a while.
            let matching = cursor.matchingPrefixCount(rest)
            taken = first
            while taken < count, last.ends[taken] - restStart <= matching, side.count + taken - first < buffer.count { taken += 1 }
            return false
        }
        guard taken > first || closed else { return false }
        // Copied here and in `entries` rather than by one helper: each form of one that was tried
        // retained `last`'s arrays to pass them, 78 to 200 instructions a book more.
        last.entries.withUnsafeBufferPointer { entries in
            (buffer.baseAddress! + side.count).update(from: entries.baseAddress! + first, count: taken - first)
        }
        last.ends.withUnsafeBufferPointer { lastEnds in
            let (from, to, shift) = (lastEnds.baseAddress! + first, ends.baseAddress! + side.count, end - restStart)
            for index in 0..<(taken - first) { to[index] = from[index] + shift }
        }
        side.count += taken - first
        hint = taken
        guard !closed else { return true }
        // The entries taken keep the order: `last` is best first, and the first of them follows
        // its entry at this entry's price.
        side.check.see(orderedRunFrom: last.entries[first].price.units, to: last.entries[taken - 1].price.units)
        cursor.advance(by: last.ends[taken - 1] - restStart)
        return false
    }
}
