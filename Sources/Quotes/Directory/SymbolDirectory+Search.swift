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
        let trimmed = Array(folded.drop { $0 == UInt8(ascii: " ") }.reversed().drop { $0 == UInt8(ascii: " ") }.reversed())
        var matches: [(rank: MatchRank, index: Int)] = []
        for (index, key) in keys.enumerated() {
            let rank: MatchRank
            if key.ticker == trimmed {
                rank = .exactTicker
            } else if key.ticker.starts(with: trimmed) {
                rank = .tickerPrefix
            } else if words.allSatisfy({ key.hasWord(startingWith: $0) }) {
                rank = .wordPrefix
            } else if SearchKey.contains(key.name, trimmed) || SearchKey.contains(key.ticker, trimmed) {
                rank = .substring
            } else {
                continue
            }
            matches.append((rank, index))
        }
        matches.sort { left, right in
            if left.rank != right.rank { return left.rank < right.rank }
            return nameOrder[left.index] < nameOrder[right.index]
        }
        return matches.prefix(limit).map { (entries[$0.index], $0.rank) }
    }
}
