import Quotes
import Quoting
import StrategyKit

/// Symbol search over a directory of 20,000 rows: the shipped directory plus generated
/// companies (seeded, so every run searches the same table), for queries of each kind: exact
/// tickers, names, two words, a single letter (thousands of matches) and misses. The goal is
/// under a millisecond per query.
enum SymbolSearchBench {
    static let rows = 20_000
    static let queries = ["AAPL", "apple", "berkshire b", "nestle", "microsoft", "hold", "a", "tech", "zzzz", "SPY", "inc"]

    static func run() throws {
        let directory = try makeDirectory()
        var samples: [UInt64] = []
        var found = 0
        for round in 0..<200 {
            for query in queries {
                let start = monotonicNanoseconds()
                found &+= directory.search(query, limit: 10).count
                let elapsed = monotonicNanoseconds() - start
                if round >= 10 { samples.append(elapsed) }
            }
        }
        samples.sort()
        let inputs = ["rows": String(directory.entries.count), "queries": queries.joined(separator: "|"), "limit": "10", "found": String(found)]
        let mean = Double(samples.reduce(0, +)) / Double(samples.count)
        Figure(name: "symbols.search.mean", unit: "us", value: mean / 1_000, inputs: inputs).print()
        Figure(name: "symbols.search.p50", unit: "us", value: Double(percentile(samples, 0.5)) / 1_000, inputs: inputs).print()
        Figure(name: "symbols.search.p99", unit: "us", value: Double(percentile(samples, 0.99)) / 1_000, inputs: inputs).print()
    }

    private static func makeDirectory() throws -> SymbolDirectory {
        var entries = try SymbolDirectory.shipped().entries
        let words = [
            "Global", "Holdings", "Technologies", "Bancorp", "Energy", "Pharmaceuticals", "Systems", "Capital", "Industries",
            "Resources", "Networks", "Brands", "Foods", "Logistics", "Materials", "Therapeutics", "Realty", "Partners", "Group",
            "Semiconductor", "Insurance", "Motors", "Airlines", "Nestlé", "Société", "Médical", "Inc.", "Corp.", "Trust",
        ]
        var random = SplitMix64(seed: 7)
        var index = 0
        while entries.count < rows {
            let length = Int(random.int(in: 2...5))
            let symbol = String((0..<length).map { _ in Character(UnicodeScalar(UInt8(65 + random.int(in: 0...25)))) }) + "\(index)"
            let name = (0..<Int(random.int(in: 2...4))).map { _ in words[Int(random.int(in: 0...Int64(words.count - 1)))] }.joined(separator: " ")
            entries.append(DirectoryEntry(symbol: symbol, name: name, exchange: "US", type: "Common Stock"))
            index += 1
        }
        return SymbolDirectory(entries)
    }
}
