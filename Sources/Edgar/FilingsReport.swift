import APIClient

/// What one step of the filings chain brought back.
public enum FilingsStepValue: Sendable {
    /// The company list (`fromCache`: read from the cache file, no request made).
    case companyList(count: Int, fromCache: Bool)
    /// A company's submissions, with its recent filings.
    case submissions(Submissions)
    /// An older page of a company's filings.
    case page(CIK, [Filing])
}

/// The filings chain's result: a report line per step, and the companies it reached.
public struct FilingsReport: Sendable {
    /// Every step in the order it ran: index, description, value or error, duration.
    public var steps: [RequestChain<FilingsStepValue, EdgarError>.Step]
    /// Each company whose submissions came back, in the order asked, its filings including
    /// those of the older pages fetched (newest first).
    public var companies: [Submissions]

    /// Whether some step failed.
    public var hasFailures: Bool {
        steps.contains { if case .failure = $0.outcome { true } else { false } }
    }
}
