extension SymbolDirectory {
    /// How well an entry matches a query, best first.
    public enum MatchRank: Int, Sendable, Hashable, Comparable {
        /// The query is the ticker.
        case exactTicker
        /// The ticker starts with the query.
        case tickerPrefix
        /// Every word of the query starts a word of the name or the ticker (`berkshire b`).
        case wordPrefix
        /// The query occurs inside the name or the ticker.
        case substring

        public static func < (lhs: MatchRank, rhs: MatchRank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The entries matching `query`, case- and accent-insensitively, best first: exact ticker,
    /// ticker prefix, word prefixes in the name, then substrings; ties in name order, then
    /// ticker order. At most `limit`; none for a query with no letter or digit.
    public func search(_ query: String, limit: Int = 10) -> [(entry: DirectoryEntry, rank: MatchRank)] {
        let folded = AccentFolding.fold(query)
        let words = folded.split(whereSeparator: { !AccentFolding.isWordByte($0) })
        guard !words.isEmpty, limit > 0 else { return [] }
        // The query as a ticker: its text without surrounding blanks (`brk.b`).
        let leading = folded.prefix { $0 == UInt8(ascii: " ") }.count
        let trailing = folded.reversed().prefix { $0 == UInt8(ascii: " ") }.count
        let trimmed = Array(folded[leading..<(folded.count - trailing)])
        // The best `limit` so far, as rank then name order packed into one sortable key: a
        // query that matches thousands of rows ("a") keeps ten, never sorts thousands.
        var best: [UInt64] = []
        best.reserveCapacity(limit + 1)
        trimmed.withUnsafeBufferPointer { trimmed in
            let wordBuffers = words.map { word in
                UnsafeBufferPointer(rebasing: trimmed[(word.startIndex - leading)..<(word.endIndex - leading)])
            }
            index.forEachMatch(trimmed, wordBuffers) { entry, rank in
                let key = UInt64(rank.rawValue) << 32 | UInt64(nameOrder[entry])
                guard best.count < limit || key < best[best.count - 1] else { return }
                let place = best.firstIndex { $0 > key } ?? best.count
                best.insert(key, at: place)
                if best.count > limit { best.removeLast() }
            }
        }
        return best.map { key in
            let entry = Int(entryAtNameOrder[Int(key & 0xFFFF_FFFF)])
            return (entries[entry], MatchRank(rawValue: Int(key >> 32))!)
        }
    }
}
