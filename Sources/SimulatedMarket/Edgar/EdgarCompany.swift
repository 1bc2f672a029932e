/// A company the simulated EDGAR serves: its CIK, its name marked simulated, its tickers and
/// exchanges, in the order of EDGAR's company list.
struct EdgarCompany: Sendable, Hashable {
    /// The Central Index Key: the real one of a symbol directory company, from
    /// `generatedCIKs` for the exchange's own stocks.
    let cik: Int
    /// The company's name with ` (simulated)` after it.
    let name: String
    /// Its tickers as EDGAR writes them (`BRK-B` for `BRK.B`), the most prominent first
    /// (`GOOGL`, `GOOG`).
    let tickers: [String]
    /// EDGAR's exchange name of each ticker (`Nasdaq`, `NYSE`, or the venue's name).
    let exchanges: [String]

    /// CIKs of the exchange's own stocks: real CIKs are far below (under 2,100,000 in 2026), and
    /// EDGAR's ten digits still hold them.
    static let generatedCIKs = 9_000_000_001...9_999_999_999

    /// The CIK as EDGAR writes it in paths and submissions: ten digits, zero-padded.
    var paddedCIK: String { EdgarCalendar.padded(cik, 10) }

    /// `symbol` as EDGAR writes a ticker: a share class after a dash (`BRK-B`).
    static func edgarTicker(_ symbol: String) -> String {
        String(symbol.map { $0 == "." ? "-" : $0 })
    }

    /// EDGAR's name of the directory's exchange (`NASDAQ` is `Nasdaq`, the NYSE's markets `NYSE`).
    static func edgarExchange(_ exchange: String) -> String {
        switch exchange {
        case "NASDAQ": return "Nasdaq"
        case "NYSE", "NYSE ARCA", "NYSE AMERICAN": return "NYSE"
        case "CBOE": return "CBOE"
        default: return "OTC"
        }
    }
}
