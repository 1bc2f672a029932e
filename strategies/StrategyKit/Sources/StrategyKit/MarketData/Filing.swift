/// A new filing of a company the strategy trades, as SEC EDGAR lists it: an 8-K the morning
/// of a move, a 10-Q, an insider's Form 4. The daemon polls EDGAR (`"edgar"` configured) and
/// tells each filing once, when it first sees it. (SDK 4.1)
public struct Filing: Hashable, Sendable, Codable {
    /// The strategy's symbol the company trades under.
    public var symbol: Symbol
    /// The form, as EDGAR names it: `8-K`, `10-Q`, `10-K`, `4`, ...
    public var form: String
    /// EDGAR's accession number, which identifies the filing (`0000320193-24-000123`).
    public var accessionNumber: String
    /// When EDGAR accepted the filing.
    public var accepted: Timestamp
    /// The day it was filed, as EDGAR writes it (`2024-11-01`).
    public var filingDate: String
    /// An 8-K's items (`2.02` results of operations, `5.02` officers, ...); empty for other
    /// forms.
    public var items: [String]
    /// The address of the filing's primary document.
    public var documentURL: String
    /// The company's name as EDGAR writes it.
    public var companyName: String

    public init(
        symbol: Symbol, form: String, accessionNumber: String, accepted: Timestamp, filingDate: String, items: [String],
        documentURL: String, companyName: String
    ) {
        self.symbol = symbol
        self.form = form
        self.accessionNumber = accessionNumber
        self.accepted = accepted
        self.filingDate = filingDate
        self.items = items
        self.documentURL = documentURL
        self.companyName = companyName
    }
}
