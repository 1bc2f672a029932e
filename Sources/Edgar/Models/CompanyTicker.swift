import Wire

/// One row of EDGAR's company list (`/files/company_tickers.json`): a ticker, its company's CIK
/// and name, and its rank, the row's position in the file, which is in market-value order.
public struct CompanyTicker: Sendable, Hashable {
    /// The ticker as EDGAR spells it (`BRK-B`: a dash where exchanges show a dot).
    public var ticker: String
    public var cik: CIK
    /// The company's name, e.g. `Apple Inc.`.
    public var title: String
    /// The row's position in the file, from 0: 0 is the most valuable company listed.
    public var rank: Int

    public init(ticker: String, cik: CIK, title: String, rank: Int) {
        self.ticker = ticker
        self.cik = cik
        self.title = title
        self.rank = rank
    }

    /// Reads the company list: an object of rows keyed by rank (`{"0":{"cik_str":320193,
    /// "ticker":"AAPL","title":"Apple Inc."},...}`); each row's rank is its position.
    static func readList(_ reader: inout JSONReader) throws(JSONReadError) -> [CompanyTicker] {
        var rows: [CompanyTicker] = []
        try reader.readObject { reader, _ throws(JSONReadError) in
            var ticker: String?, cik: CIK?, title: String?
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals("ticker") { ticker = try reader.string() }
                else if key.equals("cik_str") { cik = try reader.cik(field: "cik_str") }
                else if key.equals("title") { title = try reader.string() }
                else { try reader.skipValue() }
            }
            guard let ticker, let cik, let title else {
                throw .refused("company list row \(rows.count): cik_str, ticker and title are required")
            }
            rows.append(CompanyTicker(ticker: ticker, cik: cik, title: title, rank: rows.count))
        }
        return rows
    }

    /// `symbol` as the company list spells it: upper case, a dash for a class's dot (`brk.b`
    /// → `BRK-B`).
    public static func normalized(_ symbol: String) -> String {
        String(symbol.uppercased().map { $0 == "." || $0 == "/" ? "-" : $0 })
    }
}
