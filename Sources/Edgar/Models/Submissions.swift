import Wire

/// A company's submissions (`/submissions/CIK##########.json`): who it is, and its filings,
/// newest first: the recent ones (the last thousand or a year's, whichever is more) and, after
/// fetching the older pages `pages` names, those too.
public struct Submissions: Sendable, Hashable {
    public var cik: CIK
    /// The company's name, e.g. `Apple Inc.`.
    public var name: String
    public var tickers: [String]
    /// The exchanges its tickers trade on, one per ticker, e.g. `Nasdaq`.
    public var exchanges: [String]
    /// The Standard Industrial Classification code, e.g. `3571`; empty when EDGAR gives none.
    public var sic: String
    /// The code's description, e.g. `Electronic Computers`.
    public var sicDescription: String
    /// The fiscal year's last day as `MMDD`, e.g. `0926`; empty when EDGAR gives none.
    public var fiscalYearEnd: String
    /// The filings, newest first.
    public var filings: [Filing]
    /// The older pages of filings, newest first.
    public var pages: [SubmissionsPage]

    public init(
        cik: CIK, name: String, tickers: [String], exchanges: [String], sic: String, sicDescription: String,
        fiscalYearEnd: String, filings: [Filing], pages: [SubmissionsPage]
    ) {
        self.cik = cik
        self.name = name
        self.tickers = tickers
        self.exchanges = exchanges
        self.sic = sic
        self.sicDescription = sicDescription
        self.fiscalYearEnd = fiscalYearEnd
        self.filings = filings
        self.pages = pages
    }

    /// Reads a submissions document, skipping every field not kept.
    init(reading reader: inout JSONReader, context: EdgarDecodeContext) throws(JSONReadError) {
        var cik: CIK?, name: String?, tickers: [String] = [], exchanges: [String] = []
        var sic = "", sicDescription = "", fiscalYearEnd = ""
        var columns = FilingColumns(), pages: [SubmissionsPage] = []
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("cik") { cik = try reader.cik(field: "cik") }
            else if key.equals("name") { name = try reader.string() }
            else if key.equals("tickers") { tickers = try reader.strings() }
            else if key.equals("exchanges") { exchanges = try reader.strings() }
            else if key.equals("sic") { sic = try reader.null() ? "" : try reader.string() }
            else if key.equals("sicDescription") { sicDescription = try reader.null() ? "" : try reader.string() }
            else if key.equals("fiscalYearEnd") { fiscalYearEnd = try reader.null() ? "" : try reader.string() }
            else if key.equals("filings") {
                try reader.readObject { reader, key throws(JSONReadError) in
                    if key.equals("recent") { try columns.readObject(&reader) }
                    else if key.equals("files") { pages = try SubmissionsPage.readList(&reader) }
                    else { try reader.skipValue() }
                }
            } else { try reader.skipValue() }
        }
        guard let cik, let name else { throw .refused("submissions: cik and name are required") }
        self.init(
            cik: cik, name: name, tickers: tickers, exchanges: exchanges, sic: sic, sicDescription: sicDescription,
            fiscalYearEnd: fiscalYearEnd, filings: try columns.filings(cik: cik, siteBaseURL: context.siteBaseURL), pages: pages)
    }
}
