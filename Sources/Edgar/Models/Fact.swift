/// One reported value of an XBRL concept, from company facts or a company concept: what,
/// in which unit, for which period, from which filing. The value is exact decimal text, never
/// a Double.
public struct Fact: Sendable, Hashable {
    /// The taxonomy, e.g. `us-gaap`, `dei`.
    public var taxonomy: String
    /// The concept, e.g. `Revenues`, `EarningsPerShareBasic`.
    public var concept: String
    /// The unit, e.g. `USD`, `shares`, `USD/shares`.
    public var unit: String
    /// The period's first day, `YYYY-MM-DD`, for a value over a duration; nil for one at an
    /// instant.
    public var start: String?
    /// The period's last day (or the instant), `YYYY-MM-DD`.
    public var end: String
    /// The value as the JSON number's text, exactly: `391035000000`, `6.11`, `-0.05`.
    public var value: String
    /// The accession number of the filing that reported it.
    public var accession: String
    /// The fiscal year and period of that filing (`2024`, `FY`, `Q3`); nil when EDGAR gives none.
    public var fiscalYear: Int?
    public var fiscalPeriod: String?
    /// The filing's form, e.g. `10-K`.
    public var form: String
    /// The day it was filed, `YYYY-MM-DD`.
    public var filed: String
    /// The calendar frame EDGAR aligned it to (`CY2024`, `CY2024Q3I`); nil when none.
    public var frame: String?

    public init(
        taxonomy: String, concept: String, unit: String, start: String?, end: String, value: String, accession: String,
        fiscalYear: Int?, fiscalPeriod: String?, form: String, filed: String, frame: String?
    ) {
        self.taxonomy = taxonomy
        self.concept = concept
        self.unit = unit
        self.start = start
        self.end = end
        self.value = value
        self.accession = accession
        self.fiscalYear = fiscalYear
        self.fiscalPeriod = fiscalPeriod
        self.form = form
        self.filed = filed
        self.frame = frame
    }
}
