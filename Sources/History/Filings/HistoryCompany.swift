import StrategyKit

/// A company as SEC EDGAR describes it (its submissions document), keyed by its CIK.
public struct HistoryCompany: Hashable, Sendable, HistoryRecord {
    /// EDGAR's Central Index Key, without the zeros it is padded with.
    public var cik: Int64
    public var name: String
    /// Its tickers as EDGAR lists them, upper case (`GOOGL`, `GOOG`).
    public var tickers: [String]
    /// The Standard Industrial Classification code (`3571`); nil when EDGAR gives none.
    public var sic: String?
    public var sicDescription: String?
    /// The fiscal year's last day as EDGAR writes it, `MMDD` (`0926`).
    public var fiscalYearEnd: String?
    /// When this row was last written.
    public var updated: Timestamp

    public init(
        cik: Int64, name: String, tickers: [String], sic: String?, sicDescription: String?, fiscalYearEnd: String?, updated: Timestamp
    ) {
        self.cik = cik
        self.name = name
        self.tickers = tickers
        self.sic = sic
        self.sicDescription = sicDescription
        self.fiscalYearEnd = fiscalYearEnd
        self.updated = updated
    }

    public static let columns = ["cik", "name", "tickers", "sic", "sic_description", "fiscal_year_end", "updated_ns"]

    /// The row's values; the tickers joined by commas, as the `tickers` column holds them.
    public var values: [SQLiteValue] {
        [
            .integer(cik), .text(name), .text(tickers.joined(separator: ",")), SQLiteValue(sic), SQLiteValue(sicDescription),
            SQLiteValue(fiscalYearEnd), .integer(updated.nanoseconds),
        ]
    }

    /// The company of a row read with `columns` in order.
    init(row: SQLiteStatement) {
        self.init(
            cik: row.int64(0), name: row.text(1), tickers: row.commaSeparated(2), sic: row.optionalText(3),
            sicDescription: row.optionalText(4), fiscalYearEnd: row.optionalText(5), updated: Timestamp(nanoseconds: row.int64(6)))
    }
}
