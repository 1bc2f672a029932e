import Quoting
import Wire

/// The companies the simulated EDGAR serves, in the order of its company list: the symbol
/// directory's companies with a CIK, most prominent first (one company per CIK, its tickers
/// in the same order), then the exchange's own stocks that the directory does not list, with
/// generated CIKs in listing order. `company_tickers.json` is written once, when it is made.
struct EdgarRegistry: Sendable {
    let companies: [EdgarCompany]
    /// `/files/company_tickers.json`: every company's first ticker in list order, then their
    /// other tickers (EDGAR lists a second share class far down, after the first ones).
    let tickersDocument: [UInt8]
    private let indexOfCIK: [Int: Int]

    /// `stocks`: the exchange's own, each with its company name and venue.
    init(stocks: [(symbol: String, name: String, venue: String)], directory: [DirectoryEntry]) {
        let ranked = directory.enumerated().filter { $0.element.cik != nil }.sorted { left, right in
            let first = left.element.prominence ?? Int.max, second = right.element.prominence ?? Int.max
            return first != second ? first < second : left.offset < right.offset
        }.map(\.element)
        var companies: [EdgarCompany] = []
        var indexOfCIK: [Int: Int] = [:]
        var listed: Set<String> = []
        for entry in ranked where !listed.contains(entry.symbol) {
            let cik = entry.cik!
            listed.insert(entry.symbol)
            let exchange = EdgarCompany.edgarExchange(entry.exchange)
            if let index = indexOfCIK[cik] {
                let company = companies[index]
                companies[index] = EdgarCompany(
                    cik: cik, name: company.name, tickers: company.tickers + [EdgarCompany.edgarTicker(entry.symbol)], exchanges: company.exchanges + [exchange])
            } else {
                indexOfCIK[cik] = companies.count
                companies.append(EdgarCompany(cik: cik, name: entry.name + " (simulated)", tickers: [EdgarCompany.edgarTicker(entry.symbol)], exchanges: [exchange]))
            }
        }
        var nextCIK = EdgarCompany.generatedCIKs.lowerBound
        for stock in stocks where !listed.contains(stock.symbol) {
            listed.insert(stock.symbol)
            indexOfCIK[nextCIK] = companies.count
            companies.append(EdgarCompany(cik: nextCIK, name: stock.name + " (simulated)", tickers: [EdgarCompany.edgarTicker(stock.symbol)], exchanges: [stock.venue]))
            nextCIK += 1
        }
        self.companies = companies
        self.indexOfCIK = indexOfCIK
        tickersDocument = Self.tickers(companies)
    }

    /// The company whose CIK is `cik`, if served.
    func company(_ cik: Int) -> EdgarCompany? {
        indexOfCIK[cik].map { companies[$0] }
    }

    /// `{"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc. (simulated)"},...}`.
    private static func tickers(_ companies: [EdgarCompany]) -> [UInt8] {
        var json = JSONWriter(capacity: 80 * companies.count, style: .shortEscapes)
        var rank = 0
        json.raw("{")
        for pass in 0..<2 {
            for company in companies {
                for ticker in pass == 0 ? Array(company.tickers.prefix(1)) : Array(company.tickers.dropFirst()) {
                    if rank > 0 { json.raw(",") }
                    json.string(String(rank))
                    json.raw(":{\"cik_str\":")
                    json.int(Int64(company.cik))
                    json.raw(",\"ticker\":")
                    json.string(ticker)
                    json.raw(",\"title\":")
                    json.string(company.name)
                    json.raw("}")
                    rank += 1
                }
            }
        }
        json.raw("}")
        return json.bytes
    }
}
