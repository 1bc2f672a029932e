import Quoting

extension SymbolDirectory {
    /// How well an entry matches a query, best first.
    public enum MatchRank: Int, Sendable, Hashable, Comparable {
        /// The query is the ticker.
        case exactTicker
        /// The query is the company's name but for its legal form and share class (`apple` for
        /// Apple Inc., `microsoft` for Microsoft Corporation; `CompanyName`).
        case exactName
        /// The ticker starts with the query.
        case tickerPrefix
        /// Every word of the query starts a word of the name or the ticker (`berkshire b`).
        case wordPrefix
        /// The query occurs inside the name or the ticker.
        case substring

        public static func < (lhs: MatchRank, rhs: MatchRank) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The entries matching `query`, case- and accent-insensitively, best first: exact ticker,
    /// exact company name, ticker prefix, word prefixes in the name, then substrings; ties by
    /// prominence (entries without one last), then in name order, then ticker order. At most
    /// `limit`; none for a query with no letter or digit.
    public func search(_ query: String, limit: Int = 10) -> [(entry: DirectoryEntry, rank: MatchRank)] {
        let folded = AccentFolding.fold(query)
        let words = folded.split(whereSeparator: { !AccentFolding.isWordByte($0) })
        guard !words.isEmpty, limit > 0 else { return [] }
        // The query as a ticker: its text without surrounding blanks (`brk.b`).
        let leading = folded.prefix { $0 == UInt8(ascii: " ") }.count
        let trailing = folded.reversed().prefix { $0 == UInt8(ascii: " ") }.count
        let trimmed = Array(folded[leading..<(folded.count - trailing)])
        let found = trimmed.withUnsafeBufferPointer { trimmed in
            let wordBuffers = words.map { word in
                UnsafeBufferPointer(rebasing: trimmed[(word.startIndex - leading)..<(word.endIndex - leading)])
            }
            return index.search(trimmed, wordBuffers, limit: limit)
        }
        return found.map { (entries[index.entry(at: $0.position)], $0.rank) }
    }
}
