import StrategyKit

/// One filing: a row of the submissions' parallel arrays (`filings.recent`).
struct EdgarFiling: Sendable, Hashable {
    /// `0000320193-24-000123`: the filer's CIK, the year, the filing's number in it.
    var accessionNumber: String
    /// `10-K`, `10-Q`, `8-K`, `4`.
    var form: String
    /// The day it was filed (days since the epoch).
    var filingDay: Int64
    /// The period or event it reports on; nil for none.
    var reportDay: Int64?
    /// When EDGAR accepted it.
    var acceptance: Timestamp
    /// An 8-K's items (`2.02,9.01`); empty for other forms.
    var items: String
    /// The main document's file name, under a `simulated/` folder of the filing.
    var primaryDocument: String
    /// Its size in bytes.
    var size: Int
    /// The company's Exchange Act file number (empty for a Form 4).
    var fileNumber: String
    /// The film number (empty for a Form 4).
    var filmNumber: String
    /// Whether it carries XBRL (10-K and 10-Q).
    var isXBRL: Bool

    /// The act it is filed under: `34` (the Exchange Act) but for a Form 4.
    var act: String { form == "4" ? "" : "34" }

    /// EDGAR's description of the primary document.
    var primaryDocDescription: String { form == "4" ? "FORM 4" : form }

    /// An 8-K's items, drawn from the common ones (results, officers, Regulation FD, other
    /// events, exhibits).
    static let eightKItems = ["5.02", "7.01,9.01", "8.01", "8.01,9.01", "5.07", "1.01,9.01", "2.03", "5.02,9.01"]

    /// The accession number of the `sequence`th filing of `year` by `cik`.
    static func accession(cik: Int, year: Int, sequence: Int) -> String {
        EdgarCalendar.padded(cik, 10) + "-" + EdgarCalendar.padded(year % 100, 2) + "-" + EdgarCalendar.padded(sequence, 6)
    }
}
