#if canImport(Glibc)
import Glibc
import Quoting
#endif

/// What the search compares, folded once when the directory is made. The entries lie in
/// prominence order, then name order (prominence, entries without one last, then folded name,
/// folded ticker, file order), the ranking's tie-break, so that a match's place in that order
/// (its position) is all a ranking needs and a scan meets matches best first. Each position's
/// company name (`CompanyName.core`) belongs to a group of the positions with the same one, which
/// an exact name match looks up. `text` holds, for each position, its folded name, a 0 byte, its folded ticker, a
/// 0 byte; beside it are where each word of the name and of the ticker starts (`b` of `brk.b`
/// is a word too), the positions in ticker order and the word starts in their words' order, so
/// that tickers and word prefixes are found by binary search rather than by a scan.
struct SearchIndex: Sendable {
    /// Where one position's bytes lie in `text`, and its word starts in `wordStarts`.
    struct Span: Sendable {
        var name: Int32
        var ticker: Int32
        var end: Int32
        var firstWord: Int32
        var endWord: Int32
    }

    private let text: [UInt8]
    private let spans: [Span]
    private let wordStarts: [Int32]
    /// The position each word start belongs to.
    private let wordOwners: [Int32]
    /// The directory's entry at each position.
    private let entryAt: [Int32]
    /// The positions in the order of their folded tickers.
    private let byTicker: [Int32]
    /// The indexes of `wordStarts` in the order of the text that starts there.
    private let byWord: [Int32]
    /// How often each byte value occurs in `text`: a substring scan looks for the query's rarest.
    private let byteCounts: [Int]
    /// The group of each company name, and each position's group.
    private let nameGroups: [[UInt8]: Int32]
    private let groupOf: [Int32]
    /// The positions of each group, in position order.
    private let groupPositions: [[Int32]]

    init(_ entries: [DirectoryEntry]) {
        let names = entries.map { AccentFolding.fold($0.name) }
        let tickers = entries.map { AccentFolding.fold($0.symbol) }
        let order = entries.indices.sorted { left, right in
            let first = entries[left].prominence ?? Int.max, second = entries[right].prominence ?? Int.max
            if first != second { return first < second }
            if names[left] != names[right] { return names[left].lexicographicallyPrecedes(names[right]) }
            if tickers[left] != tickers[right] { return tickers[left].lexicographicallyPrecedes(tickers[right]) }
            return left < right
        }
        var text: [UInt8] = []
        text.reserveCapacity(names.reduce(0) { $0 + $1.count } + tickers.reduce(0) { $0 + $1.count } + 2 * entries.count)
        var spans: [Span] = []
        spans.reserveCapacity(entries.count)
        var wordStarts: [Int32] = []
        var wordOwners: [Int32] = []
        for (position, entry) in order.enumerated() {
            let name = Int32(text.count)
            text.append(contentsOf: names[entry])
            text.append(0)
            let ticker = Int32(text.count)
            text.append(contentsOf: tickers[entry])
            let firstWord = Int32(wordStarts.count)
            for index in Int(name)..<text.count where AccentFolding.isWordByte(text[index]) && !AccentFolding.isWordByte(index == 0 ? 0 : text[index - 1]) {
                wordStarts.append(Int32(index))
                wordOwners.append(Int32(position))
            }
            text.append(0)
            spans.append(Span(name: name, ticker: ticker, end: Int32(text.count - 1), firstWord: firstWord, endWord: Int32(wordStarts.count)))
        }
        var nameGroups: [[UInt8]: Int32] = [:]
        var groupPositions: [[Int32]] = []
        let groupOf = order.enumerated().map { position, entry in
            let core = CompanyName.core(names[entry])
            let group = nameGroups[core] ?? Int32(groupPositions.count)
            if group == groupPositions.count {
                nameGroups[core] = group
                groupPositions.append([])
            }
            groupPositions[Int(group)].append(Int32(position))
            return group
        }
        self.nameGroups = nameGroups
        self.groupOf = groupOf
        self.groupPositions = groupPositions
        var byteCounts = [Int](repeating: 0, count: 256)
        for byte in text { byteCounts[Int(byte)] += 1 }
        self.text = text
        self.spans = spans
        self.wordStarts = wordStarts
        self.wordOwners = wordOwners
        self.entryAt = order.map { Int32($0) }
        self.byteCounts = byteCounts
        byTicker = spans.indices.sorted { tickers[order[$0]].lexicographicallyPrecedes(tickers[order[$1]]) }.map { Int32($0) }
        // A word's text runs to the end of its name or ticker (the next 0 byte): the word starts
        // sharing a query word as prefix are then one run of this order.
        byWord = text.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                wordStarts.withUnsafeBufferPointer { starts in
                    let view = View(bytes: bytes.baseAddress!, spans: spans, starts: starts)
                    return starts.indices.sorted { left, right in
                        let a = view.word(starts[left], owner: wordOwners[left]), b = view.word(starts[right], owner: wordOwners[right])
                        let order = memcmp(a.baseAddress!, b.baseAddress!, min(a.count, b.count))
                        return order != 0 ? order < 0 : a.count < b.count
                    }.map { Int32($0) }
                }
            }
        }
    }

    /// The directory's entry at `position`.
    func entry(at position: Int32) -> Int { Int(entryAt[Int(position)]) }

    /// The positions matching the folded query `trimmed`, whose words are `words`, best first
    /// and at most `limit`: rank by rank, each rank's in position order. Each rank is looked up
    /// only while fewer than `limit` better matches were found.
    func search(
        _ trimmed: UnsafeBufferPointer<UInt8>, _ words: [UnsafeBufferPointer<UInt8>], limit: Int
    ) -> [(position: Int32, rank: SymbolDirectory.MatchRank)] {
        text.withUnsafeBufferPointer { bytes in
            spans.withUnsafeBufferPointer { spans in
                wordStarts.withUnsafeBufferPointer { starts in
                    let view = View(bytes: bytes.baseAddress!, spans: spans, starts: starts)
                    var found: [(position: Int32, rank: SymbolDirectory.MatchRank)] = []
                    // The positions whose company name is the query's, or none.
                    let group = nameGroups[CompanyName.core(trimmed)] ?? -1
                    // Exact tickers sort first among the tickers starting with the query.
                    var exact = PositionSelection(capacity: limit)
                    var prefixed = PositionSelection(capacity: limit)
                    let tickers = Self.prefixRange(byTicker, trimmed) { view.ticker($0) }
                    for position in byTicker[tickers] {
                        if view.ticker(position).count == trimmed.count {
                            exact.offer(position)
                        } else if groupOf[Int(position)] != group {
                            prefixed.offer(position)
                        }
                    }
                    let exactTickers = exact.positions()
                    found += exactTickers.map { ($0, .exactTicker) }
                    if group >= 0 {
                        let named = groupPositions[Int(group)].lazy.filter { !exactTickers.contains($0) }
                        found += named.prefix(limit - found.count).map { ($0, .exactName) }
                    }
                    guard found.count < limit else { return found }
                    found += prefixed.positions().prefix(limit - found.count).map { ($0, .tickerPrefix) }
                    guard found.count < limit else { return found }

                    var wordMatches = PositionSelection(capacity: limit - found.count)
                    // Every query word must start a word: the rarest one's word starts are the candidates.
                    let ranges = words.map { word in Self.prefixRange(byWord, word) { view.word(wordStarts[Int($0)], owner: wordOwners[Int($0)]) } }
                    if let rarest = ranges.min(by: { $0.count < $1.count }) {
                        for slot in byWord[rarest] {
                            let position = wordOwners[Int(slot)]
                            guard wordMatches.admits(position), groupOf[Int(position)] != group, !view.tickerStarts(position, with: trimmed) else {
                                continue
                            }
                            if words.count == 1 || view.everyWordStarts(position, words) { wordMatches.offer(position) }
                        }
                    }
                    found += wordMatches.positions().map { ($0, .wordPrefix) }
                    guard found.count < limit else { return found }

                    // In position order, so the first matches found are the best. A query holding
                    // a 0 byte (no command line can) would match across names: it matches no substring.
                    guard !trimmed.contains(0) else { return found }
                    view.forEachSubstring(trimmed, rarest: rarestByte(trimmed), count: bytes.count) { position in
                        guard groupOf[Int(position)] != group, !view.tickerStarts(position, with: trimmed), !view.everyWordStarts(position, words) else {
                            return true
                        }
                        found.append((position, .substring))
                        return found.count < limit
                    }
                    return found
                }
            }
        }
    }

    /// The index in `needle` of its byte that occurs least often in the text.
    private func rarestByte(_ needle: UnsafeBufferPointer<UInt8>) -> Int {
        needle.indices.min { byteCounts[Int(needle[$0])] < byteCounts[Int(needle[$1])] } ?? 0
    }

    /// The run of `sorted` whose keys start with `prefix` (by binary search: `sorted` is in key order).
    private static func prefixRange(
        _ sorted: [Int32], _ prefix: UnsafeBufferPointer<UInt8>, key: (Int32) -> UnsafeBufferPointer<UInt8>
    ) -> Range<Int> {
        /// The key's first `prefix.count` bytes against the prefix: negative, zero or positive.
        func compare(_ element: Int32) -> Int {
            let bytes = key(element)
            let common = min(bytes.count, prefix.count)
            let order = common == 0 ? 0 : Int(memcmp(bytes.baseAddress!, prefix.baseAddress!, common))
            return order != 0 ? order : (bytes.count < prefix.count ? -1 : 0)
        }
        func firstIndex(from low: Int, where isPast: (Int) -> Bool) -> Int {
            var low = low, high = sorted.count
            while low < high {
                let middle = (low + high) / 2
                if isPast(compare(sorted[middle])) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let start = firstIndex(from: 0) { $0 >= 0 }
        return start..<firstIndex(from: start) { $0 > 0 }
    }
}
