import StrategyKit

/// Which filings `HistoryDatabase.filings` returns: every element set must match.
public struct HistoryFilingFilter: Hashable, Sendable {
    /// The company; nil: every company's.
    public var company: HistoryCompanyKey?
    /// Only these forms (`8-K`, `10-Q`); empty: every form.
    public var forms: [String]
    /// Only those accepted at or after this time.
    public var since: Timestamp?
    /// At most this many, the newest (nil: all).
    public var limit: Int?

    public init(company: HistoryCompanyKey? = nil, forms: [String] = [], since: Timestamp? = nil, limit: Int? = nil) {
        self.company = company
        self.forms = forms
        self.since = since
        self.limit = limit
    }
}
