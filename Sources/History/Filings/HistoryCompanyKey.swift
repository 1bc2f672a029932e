/// How a query names a company: by one of its tickers (as `company_tickers` holds them, upper
/// case) or by its CIK.
public enum HistoryCompanyKey: Hashable, Sendable {
    case ticker(String)
    case cik(Int64)

    /// The condition on a table's `cik` column that selects the company, and its parameter.
    var condition: (sql: String, value: SQLiteValue) {
        switch self {
        case .ticker(let ticker): ("cik = (SELECT cik FROM company_tickers WHERE ticker = ?)", .text(ticker))
        case .cik(let cik): ("cik = ?", .integer(cik))
        }
    }
}
