import StrategyKit

/// One filing from a company's submissions: what was filed, when, and where its document is.
public struct Filing: Sendable, Hashable {
    /// The accession number, EDGAR's unique id of the filing, e.g. `0000320193-24-000123`.
    public var accession: String
    /// The form, e.g. `10-K`, `8-K`, `4`.
    public var form: String
    /// The day it was filed, `YYYY-MM-DD`.
    public var filingDate: String
    /// The end of the period it reports on, `YYYY-MM-DD`; nil for forms without one.
    public var reportDate: String?
    /// When EDGAR accepted it.
    public var acceptedAt: Timestamp
    /// The main document's file name; empty when EDGAR names none.
    public var primaryDocument: String
    /// An 8-K's items, e.g. `["2.02", "9.01"]` (2.02: results of operations); empty for other
    /// forms.
    public var items: [String]
    /// The filer, whose folder on the site holds the document.
    public var cik: CIK
    /// The site's base URL, e.g. `https://www.sec.gov`.
    public var siteBaseURL: String

    public init(
        accession: String, form: String, filingDate: String, reportDate: String?, acceptedAt: Timestamp,
        primaryDocument: String, items: [String], cik: CIK, siteBaseURL: String
    ) {
        self.accession = accession
        self.form = form
        self.filingDate = filingDate
        self.reportDate = reportDate
        self.acceptedAt = acceptedAt
        self.primaryDocument = primaryDocument
        self.items = items
        self.cik = cik
        self.siteBaseURL = siteBaseURL
    }

    /// The main document's URL on the site: `<site>/Archives/edgar/data/<cik>/<accession
    /// without dashes>/<primaryDocument>`. Built when asked, not while decoding thousands.
    public var documentURL: String {
        "\(siteBaseURL)/Archives/edgar/data/\(cik)/\(accession.filter { $0 != "-" })/\(primaryDocument)"
    }
}
