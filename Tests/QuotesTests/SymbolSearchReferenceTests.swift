import Quotes
import Quoting
import StrategyKit
import Testing

/// The symbol search against a naive reference that folds and ranks every entry by the
/// documented rules and sorts them all: on seeded random tables and queries (accents, tickers
/// with dots, names and tickers equal but for case, punctuation, blanks, names equal but for
/// their legal form or share class, prominence given or not) the two agree on every entry and
/// rank, for small and large limits.
@Suite(.timeLimit(.minutes(10))) struct SymbolSearchReferenceTests {
    private static let words = [
        "Apple", "Appian", "Holdings", "Hold", "Berkshire", "Hathaway", "Nestlé", "Société", "Générale", "Inc.", "Corp",
        "Technologies", "Tech", "Bancorp", "Energy", "Group", "A", "B", "AB", "Ab-Inbev", "Zürich", "Straße", "ÆON", "O'Reilly",
        "Class", "Corporation", "Ltd", "plc", "The",
    ]
    /// The words a company name ends with that the search ignores in an exact name match.
    private static let designations = [
        "inc", "incorporated", "corp", "corporation", "co", "cos", "company", "companies", "ltd", "limited", "plc",
        "holdings", "holding", "llc", "lp", "sa", "nv", "ag", "se", "the", "common", "stock", "shares", "ordinary", "adr", "ads",
    ]

    /// An entry as the reference compares it: folded name and ticker, and their words.
    private struct Folded {
        var symbol: String
        var name: [UInt8]
        var ticker: [UInt8]
        var words: [[UInt8]]
        var company: String
        var prominence: Int

        init(_ entry: DirectoryEntry) {
            symbol = entry.symbol
            name = AccentFolding.fold(entry.name)
            ticker = AccentFolding.fold(entry.symbol)
            words = (name.split { !AccentFolding.isWordByte($0) } + ticker.split { !AccentFolding.isWordByte($0) }).map(Array.init)
            company = SymbolSearchReferenceTests.company(name)
            prominence = entry.prominence ?? Int.max
        }
    }

    /// A folded name's words as text, trailing designations and `class X` dropped one by one
    /// while more than one word (two for a class) would be left, then a leading `the`.
    fileprivate static func company(_ folded: [UInt8]) -> String {
        var words = folded.split { !AccentFolding.isWordByte($0) }.map { String(decoding: $0, as: UTF8.self) }
        while true {
            if words.count > 1, designations.contains(words[words.count - 1]) {
                words.removeLast()
            } else if words.count > 2, words[words.count - 2] == "class", words[words.count - 1].utf8.count <= 2 {
                words.removeLast(2)
            } else {
                break
            }
        }
        if words.count > 1, words[0] == "the" { words.removeFirst() }
        return words.joined(separator: " ")
    }

    /// The reference: every entry's best rank by the rules, all sorted by rank, name, ticker, file order.
    private func reference(_ entries: [Folded], _ query: String, limit: Int) -> [(String, SymbolDirectory.MatchRank)] {
        let folded = AccentFolding.fold(query)
        let words = folded.split { !AccentFolding.isWordByte($0) }.map(Array.init)
        guard !words.isEmpty, limit > 0 else { return [] }
        var trimmed = folded[...]
        while trimmed.first == UInt8(ascii: " ") { trimmed = trimmed.dropFirst() }
        while trimmed.last == UInt8(ascii: " ") { trimmed = trimmed.dropLast() }
        let query = Array(trimmed)
        let company = Self.company(query)
        var ranked: [(rank: SymbolDirectory.MatchRank, prominence: Int, name: [UInt8], ticker: [UInt8], index: Int)] = []
        for (index, entry) in entries.enumerated() {
            let name = entry.name, ticker = entry.ticker, entryWords = entry.words
            let rank: SymbolDirectory.MatchRank
            if ticker == query {
                rank = .exactTicker
            } else if entry.company == company {
                rank = .exactName
            } else if ticker.starts(with: query) {
                rank = .tickerPrefix
            } else if words.allSatisfy({ word in entryWords.contains { $0.starts(with: word) } }) {
                rank = .wordPrefix
            } else if contains(name, query) || contains(ticker, query) {
                rank = .substring
            } else {
                continue
            }
            ranked.append((rank, entry.prominence, name, ticker, index))
        }
        ranked.sort { left, right in
            if left.rank != right.rank { return left.rank < right.rank }
            if left.prominence != right.prominence { return left.prominence < right.prominence }
            if left.name != right.name { return left.name.lexicographicallyPrecedes(right.name) }
            if left.ticker != right.ticker { return left.ticker.lexicographicallyPrecedes(right.ticker) }
            return left.index < right.index
        }
        return ranked.prefix(limit).map { (entries[$0.index].symbol, $0.rank) }
    }

    private func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private func table(_ random: inout SplitMix64, rows: Int) -> [DirectoryEntry] {
        func pick<T>(_ items: [T]) -> T { items[Int(random.int(in: 0...Int64(items.count - 1)))] }
        var entries: [DirectoryEntry] = []
        while entries.count < rows {
            let letters = (0..<Int(random.int(in: 1...4))).map { _ in pick(Array("ABCHNOPZ")) }
            var symbol = String(letters)
            if random.chance(perMillion: 150_000) { symbol += "." + String(pick(Array("AB"))) }
            // Now and then the same ticker but for case, or an entry twice: the first one stays.
            if random.chance(perMillion: 50_000), let earlier = entries.last { symbol = earlier.symbol.lowercased() }
            let name = (0..<Int(random.int(in: 1...4))).map { _ in pick(Self.words) }.joined(separator: pick([" ", " ", ", ", "-"]))
            let prominence = random.chance(perMillion: 300_000) ? nil : Int(random.int(in: 1...40))
            entries.append(DirectoryEntry(symbol: symbol, name: name, exchange: "US", type: "Common Stock", prominence: prominence))
        }
        return entries
    }

    private func query(_ random: inout SplitMix64, _ entries: [DirectoryEntry]) -> String {
        func pick<T>(_ items: [T]) -> T { items[Int(random.int(in: 0...Int64(items.count - 1)))] }
        let entry = pick(entries)
        let text: String
        switch random.int(in: 0...8) {
        case 0: text = String(entry.symbol.prefix(Int(random.int(in: 1...Int64(entry.symbol.count)))))
        case 1: text = entry.symbol.lowercased()
        case 2:
            let name = Array(entry.name)
            let start = Int(random.int(in: 0...Int64(name.count - 1)))
            text = String(name[start..<min(name.count, start + Int(random.int(in: 1...6)))])
        case 3: text = String(pick(Self.words).lowercased().prefix(Int(random.int(in: 1...4)))) + " " + String(pick(Self.words).prefix(1))
        case 4: text = String(pick(Array("abhnopz.é")))
        case 5: text = pick(["nestle", "societe gen", "zurich", "strasse", "aeon", "o'rei", "ab-in", "inc", "q", "-", " ", "brk.b"])
        case 6: text = entry.name
        case 7: text = entry.name.split(separator: " ").prefix(Int(random.int(in: 1...2))).joined(separator: " ") + pick(["", " Inc.", " corp", " Class B"])
        default: text = pick(Self.words)
        }
        return pick(["", " ", "  "]) + text + pick(["", " "])
    }

    @Test func searchAgreesWithANaiveRankingOfEveryEntry() {
        var random = SplitMix64(seed: 17)
        for rows in [0, 1, 7, 60, 400, 1_000] {
            let entries = table(&random, rows: rows)
            let directory = SymbolDirectory(entries)
            // The directory keeps a symbol's first entry only, as the reference must see it.
            let kept = directory.entries
            let folded = kept.map(Folded.init)
            for _ in 0..<(rows == 0 ? 3 : 100) {
                let query = rows == 0 ? "a" : self.query(&random, kept)
                for limit in [1, 3, 10, 100, 10_000] {
                    let found = directory.search(query, limit: limit).map { ($0.entry.symbol, $0.rank) }
                    let expected = reference(folded, query, limit: limit)
                    #expect(found.map(\.0) == expected.map(\.0) && found.map(\.1) == expected.map(\.1), "\(rows) rows, \"\(query)\", limit \(limit)")
                }
            }
        }
    }
}
