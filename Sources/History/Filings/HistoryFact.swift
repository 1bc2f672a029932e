/// One value a company reported in XBRL (EDGAR's company facts or company concept): a concept
/// in a unit over a period, as one filing gave it.
///
/// The value is exact decimal text, the JSON number's own digits (`391035000000`, `6.11`,
/// `-0.05`), never a binary floating-point number: it is stored as TEXT and read back the same,
/// however many digits it has.
public struct HistoryFact: Hashable, Sendable, HistoryRecord {
    public var cik: Int64
    /// `us-gaap`, `dei`, `ifrs-full`, ...
    public var taxonomy: String
    /// `Revenues`, `EarningsPerShareBasic`, ...
    public var concept: String
    /// `USD`, `shares`, `USD/shares`, ...
    public var unit: String
    /// The period's first day (`2023-10-01`); nil for an instant (a balance, shares outstanding).
    public var periodStart: String?
    /// The period's last day, or the instant's day.
    public var periodEnd: String
    /// The exact decimal text of the value.
    public var value: String
    /// The form of the filing that reported it (`10-K`).
    public var form: String
    /// The day that filing was filed.
    public var filed: String
    /// That filing's accession number.
    public var accession: String
    /// The fiscal year and period (`FY`, `Q1`, ...) the filing covers, as EDGAR gives them.
    public var fiscalYear: Int64?
    public var fiscalPeriod: String?
    /// EDGAR's calendar frame (`CY2023`, `CY2024Q3I`) for the one value per frame it picks.
    public var frame: String?

    public init(
        cik: Int64, taxonomy: String, concept: String, unit: String, periodStart: String?, periodEnd: String, value: String,
        form: String, filed: String, accession: String, fiscalYear: Int64?, fiscalPeriod: String?, frame: String?
    ) {
        self.cik = cik
        self.taxonomy = taxonomy
        self.concept = concept
        self.unit = unit
        self.periodStart = periodStart
        self.periodEnd = periodEnd
        self.value = value
        self.form = form
        self.filed = filed
        self.accession = accession
        self.fiscalYear = fiscalYear
        self.fiscalPeriod = fiscalPeriod
        self.frame = frame
    }

    public static let columns = [
        "cik", "taxonomy", "concept", "unit", "period_start", "period_end", "value", "form", "filed", "accession", "fiscal_year",
        "fiscal_period", "frame",
    ]

    public var values: [SQLiteValue] {
        [
            .integer(cik), .text(taxonomy), .text(concept), .text(unit), SQLiteValue(periodStart), .text(periodEnd), .text(value),
            .text(form), .text(filed), .text(accession), SQLiteValue(fiscalYear), SQLiteValue(fiscalPeriod), SQLiteValue(frame),
        ]
    }

    /// The fact of a row read with `columns` in order.
    init(row: SQLiteStatement) {
        self.init(
            cik: row.int64(0), taxonomy: row.text(1), concept: row.text(2), unit: row.text(3), periodStart: row.optionalText(4),
            periodEnd: row.text(5), value: row.text(6), form: row.text(7), filed: row.text(8), accession: row.text(9),
            fiscalYear: row.optionalInt64(10), fiscalPeriod: row.optionalText(11), frame: row.optionalText(12))
    }
}
