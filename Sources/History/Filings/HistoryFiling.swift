import StrategyKit

/// One filing of a company on SEC EDGAR, as its submissions list it; the accession number
/// identifies it.
public struct HistoryFiling: Hashable, Sendable, HistoryRecord {
    /// `0000320193-24-000123`.
    public var accession: String
    public var cik: Int64
    /// `10-K`, `8-K`, `4`, ...
    public var form: String
    /// `2024-11-01`.
    public var filingDate: String
    /// The period reported on (`2024-09-28`); nil when EDGAR gives none.
    public var reportDate: String?
    /// When EDGAR accepted it.
    public var accepted: Timestamp
    public var primaryDocument: String
    /// An 8-K's items (`2.02`, `9.01`); empty for other forms.
    public var items: [String]
    /// The primary document's address.
    public var url: String
    /// When the history first stored it (kept when the same filing is inserted again).
    public var firstSeen: Timestamp

    public init(
        accession: String, cik: Int64, form: String, filingDate: String, reportDate: String?, accepted: Timestamp,
        primaryDocument: String, items: [String], url: String, firstSeen: Timestamp
    ) {
        self.accession = accession
        self.cik = cik
        self.form = form
        self.filingDate = filingDate
        self.reportDate = reportDate
        self.accepted = accepted
        self.primaryDocument = primaryDocument
        self.items = items
        self.url = url
        self.firstSeen = firstSeen
    }

    public static let columns = [
        "accession", "cik", "form", "filing_date", "report_date", "accepted_ns", "primary_document", "items", "url", "first_seen_ns",
    ]

    /// The row's values; the items joined by commas, as EDGAR writes them and the `items`
    /// column holds them.
    public var values: [SQLiteValue] {
        [
            .text(accession), .integer(cik), .text(form), .text(filingDate), SQLiteValue(reportDate), .integer(accepted.nanoseconds),
            .text(primaryDocument), .text(items.joined(separator: ",")), .text(url), .integer(firstSeen.nanoseconds),
        ]
    }

    /// The filing of a row read with `columns` in order.
    init(row: SQLiteStatement) {
        self.init(
            accession: row.text(0), cik: row.int64(1), form: row.text(2), filingDate: row.text(3), reportDate: row.optionalText(4),
            accepted: Timestamp(nanoseconds: row.int64(5)), primaryDocument: row.text(6),
            items: row.commaSeparated(7), url: row.text(8),
            firstSeen: Timestamp(nanoseconds: row.int64(9)))
    }
}
