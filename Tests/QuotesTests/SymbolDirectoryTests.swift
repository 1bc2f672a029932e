import Quotes
import Quoting
import Testing

@Suite(.timeLimit(.minutes(10))) struct SymbolDirectoryTests {
    @Test func csvTakesQuotedCommasDoubledQuotesLineBreaksABOMAndEmptyLines() throws {
        let text = "\u{FEFF}symbol,name,exchange,type\r\n\r\nBRK.B,\"Berkshire Hathaway, Inc.\",NYSE,Common Stock\n\n"
            + "Q,\"The \"\"Quoted\"\" Company\",NASDAQ,ETF\nML,\"Two\nLines\",US,Common Stock"
        let records = try CSVTable.parse(text)
        #expect(records == [
            ["symbol", "name", "exchange", "type"], ["BRK.B", "Berkshire Hathaway, Inc.", "NYSE", "Common Stock"],
            ["Q", "The \"Quoted\" Company", "NASDAQ", "ETF"], ["ML", "Two\nLines", "US", "Common Stock"],
        ])
        let directory = try SymbolDirectory(csv: text, file: "test.csv")
        #expect(directory.entries.count == 3)
        #expect(directory.entry("brk.b")?.name == "Berkshire Hathaway, Inc.")
    }

    @Test func csvRefusesAnOpenQuoteAndTextAfterAClosingOneNamingTheLine() {
        #expect(throws: CSVTable.ParseError.unterminatedQuote(line: 2)) { try CSVTable.parse("a,b\n\"open,c\n") }
        #expect(throws: CSVTable.ParseError.textAfterQuote(line: 1)) { try CSVTable.parse("\"a\"b,c\n") }
        #expect(throws: SymbolDirectory.LoadError.badRecord(file: "f.csv", record: 2)) {
            try SymbolDirectory(csv: "symbol,name,exchange,type\nAAPL,Apple\n", file: "f.csv")
        }
    }

    @Test func csvWrittenByTheDirectoryReadsBackTheSame() throws {
        let entries = [
            DirectoryEntry(symbol: "X", name: "Comma, \"Quote\" Co", exchange: "NYSE", type: "Common Stock"),
            DirectoryEntry(symbol: "Y", name: "Plain", exchange: "US", type: "ETF"),
        ]
        #expect(try SymbolDirectory(csv: SymbolDirectory(entries).csv, file: "round trip").entries == entries)
    }

    @Test func foldingLowersCaseAndStripsAccentsComposedOrNot() {
        #expect(AccentFolding.fold("Nestlé Ça ÖBB Straße") == Array("nestle ca obb strasse".utf8))
        #expect(AccentFolding.fold("Nestle\u{301}") == Array("nestle".utf8))
        #expect(AccentFolding.fold("ÆØ × 日本") == Array("aeo × 日本".utf8))
    }

    @Test func searchRanksExactThenTickerPrefixThenWordPrefixThenSubstringTiesByName() {
        let directory = SymbolDirectory([
            entry("APPN", "Appian"), entry("AAPL", "Apple Inc."), entry("APLE", "Apple Hospitality REIT"),
            entry("MAPP", "Pineapple Holdings"), entry("APP", "AppLovin"), entry("NSRGY", "Nestlé S.A."),
            entry("BRK.B", "Berkshire Hathaway"), entry("BRK.A", "Berkshire Hathaway"), entry("BH", "Biglari Holdings"),
        ])
        func symbols(_ query: String, limit: Int = 10) -> [String] { directory.search(query, limit: limit).map(\.entry.symbol) }
        #expect(symbols("app") == ["APP", "APPN", "APLE", "AAPL", "MAPP"])
        #expect(directory.search("app").map(\.rank) == [.exactTicker, .tickerPrefix, .wordPrefix, .wordPrefix, .substring])
        #expect(symbols("APPLE") == ["APLE", "AAPL", "MAPP"])
        #expect(symbols("aapl") == ["AAPL"])
        #expect(symbols("nestle") == ["NSRGY"])
        #expect(symbols("berkshire b") == ["BRK.A", "BRK.B"])
        #expect(symbols("hathaway b") == ["BRK.A", "BRK.B"] && symbols("biglari b") == ["BH"])
        #expect(symbols("berkshire", limit: 1) == ["BRK.A"])
        #expect(symbols("  ").isEmpty && symbols("zzz").isEmpty)
        #expect(SymbolDirectory([]).search("a").isEmpty)
        // Only the best `limit` are kept, in the same order as a full sort.
        #expect(symbols("a", limit: 3) == Array(symbols("a", limit: 100).prefix(3)))
    }

    @Test func theShippedDirectoryLoadsAndFindsWellKnownNames() throws {
        let directory = try SymbolDirectory.shipped()
        #expect(directory.entries.count > 1_000)
        // "Apple Hospitality REIT" comes first by name among the names starting with "apple".
        #expect(directory.search("apple", limit: 3).map(\.entry.symbol).contains("AAPL"))
        #expect(directory.search("aapl", limit: 1).first?.entry.symbol == "AAPL")
        #expect(directory.search("berkshire b", limit: 1).first?.entry.symbol == "BRK.B")
        #expect(directory.entry("SPY")?.type == "ETF")
    }

    private func entry(_ symbol: String, _ name: String) -> DirectoryEntry {
        DirectoryEntry(symbol: symbol, name: name, exchange: "US", type: "Common Stock")
    }
}
