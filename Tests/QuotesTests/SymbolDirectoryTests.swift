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
        // Apple Inc. is "apple" but for its legal form: an exact name, ahead of the word prefixes.
        #expect(symbols("APPLE") == ["AAPL", "APLE", "MAPP"])
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

    @Test func searchRanksAnExactCompanyNameThenProminenceAheadOfNameOrder() {
        let directory = SymbolDirectory([
            entry("APLE", "Apple Hospitality REIT, Inc.", prominence: 700), entry("AAPL", "Apple Inc.", prominence: 3),
            entry("MSFT", "Microsoft Corporation", prominence: 4), entry("MSFX", "Microsoftware Ltd"),
            entry("GOOG", "Alphabet Inc. Class C", prominence: 2), entry("GOOGL", "Alphabet Inc. Class A", prominence: 1),
            entry("ALPH", "Alphabetical Holdings"), entry("META", "Meta Platforms, Inc.", prominence: 6),
            entry("MTA", "Metalla Royalty & Streaming Ltd.", prominence: 900), entry("KO", "Coca-Cola Company (The)", prominence: 20),
            entry("NEST", "Nestlé S.A."), entry("AAA", "Apple Corp"),
        ])
        func symbols(_ query: String) -> [String] { directory.search(query).map(\.entry.symbol) }
        #expect(symbols("apple") == ["AAPL", "AAA", "APLE"])
        #expect(directory.search("apple").map(\.rank) == [.exactName, .exactName, .wordPrefix])
        #expect(symbols("Apple Inc") == ["AAPL", "AAA", "APLE"])
        #expect(symbols("microsoft") == ["MSFT", "MSFX"])
        #expect(symbols("alphabet") == ["GOOGL", "GOOG", "ALPH"])
        #expect(symbols("meta") == ["META", "MTA"])
        #expect(symbols("the coca cola") == ["KO"] && symbols("coca-cola co") == ["KO"])
        #expect(symbols("NESTLE") == ["NEST"])
        // Among equal ticker prefixes the prominent ones come first, those without prominence
        // last in name order.
        #expect(symbols("a").prefix(6) == ["AAPL", "APLE", "ALPH", "AAA", "GOOGL", "GOOG"])
    }

    @Test func olderDirectoryFilesWithoutCIKsStillLoadAndNewOnesRoundTripThem() throws {
        let old = try SymbolDirectory(csv: "symbol,name,exchange,type\nAAPL,Apple Inc.,NASDAQ,Common Stock\n", file: "old.csv")
        #expect(old.entries == [DirectoryEntry(symbol: "AAPL", name: "Apple Inc.", exchange: "NASDAQ", type: "Common Stock")])
        let new = try SymbolDirectory(csv: "symbol,name,exchange,type,cik,prominence\nAAPL,Apple Inc.,NASDAQ,Common Stock,320193,3\nX,X,US,ETF,,\n", file: "new.csv")
        #expect(new.entry("AAPL")?.cik == 320193 && new.entry("AAPL")?.prominence == 3)
        #expect(new.entry("X")?.cik == nil && new.entry("X")?.prominence == nil)
        #expect(throws: SymbolDirectory.LoadError.badRecord(file: "f.csv", record: 2)) {
            try SymbolDirectory(csv: "symbol,name,exchange,type,cik,prominence\nAAPL,Apple,NASDAQ,Common Stock,-1,\n", file: "f.csv")
        }
        let refreshed = new.enriching([DirectoryEntry(symbol: "AAPL", name: "APPLE INC", exchange: "US", type: "Common Stock")])
        #expect(refreshed.first?.cik == 320193 && refreshed.first?.prominence == 3 && refreshed.first?.name == "APPLE INC")
    }

    @Test func theShippedDirectoryLoadsAndFindsWellKnownNames() throws {
        let directory = try SymbolDirectory.shipped()
        #expect(directory.entries.count > 1_000)
        func first(_ query: String, _ count: Int = 1) -> [String] { directory.search(query, limit: count).map(\.entry.symbol) }
        #expect(first("apple") == ["AAPL"])
        #expect(first("microsoft") == ["MSFT"])
        #expect(first("alphabet", 2) == ["GOOGL", "GOOG"])
        #expect(first("meta") == ["META"])
        #expect(directory.entry("AAPL")?.cik == 320193 && directory.entry("NVDA")?.prominence == 1)
        #expect(directory.search("aapl", limit: 1).first?.entry.symbol == "AAPL")
        #expect(directory.search("berkshire b", limit: 1).first?.entry.symbol == "BRK.B")
        #expect(directory.entry("SPY")?.type == "ETF")
    }

    private func entry(_ symbol: String, _ name: String, prominence: Int? = nil) -> DirectoryEntry {
        DirectoryEntry(symbol: symbol, name: name, exchange: "US", type: "Common Stock", prominence: prominence)
    }
}
