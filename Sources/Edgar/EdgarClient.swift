import APIClient
import StrategyKit
import Wire

/// EDGAR for the rest of Tickwork: the company list (through the ticker cache when one is
/// given), a company's submissions, facts and concepts, and the filings chain
/// (`filings(tickers:olderPages:)`). Every request goes through `invoker`. Safe to share.
public final class EdgarClient: Sendable {
    /// The invoker every call goes through.
    public let invoker: EdgarInvoker
    /// Where the company list is kept between runs; nil to fetch it every time.
    public let tickerCache: TickerCache?
    private let wallClock: @Sendable () -> Timestamp

    /// A client over `invoker`, keeping the company list in `tickerCache`.
    public init(invoker: EdgarInvoker, tickerCache: TickerCache? = nil, wallClock: @escaping @Sendable () -> Timestamp = WallClock.now) {
        self.invoker = invoker
        self.tickerCache = tickerCache
        self.wallClock = wallClock
    }

    /// A client of the site at `siteURL` and the data host at `dataURL` (EDGAR's own by
    /// default; both the simulated exchange's URL against `tickwork exchange`). `userAgent` is
    /// validated first: without a usable one this throws `userAgentRequired` and nothing is
    /// sent, nor any connection made.
    public convenience init(
        userAgent: String?, siteURL: String = EdgarEndpoint.siteURL, dataURL: String = EdgarEndpoint.dataURL,
        tickerCache: TickerCache? = nil, policy: RetryPolicy = .standard, rateLimiter: RateLimiter = EdgarInvoker.processRateLimiter,
        caFile: String? = nil, log: (@Sendable (String) -> Void)? = nil
    ) throws(EdgarError) {
        let agent = try EdgarUserAgent(userAgent)
        let invoker = EdgarInvoker(
            site: try EdgarEndpoint(baseURL: siteURL, timeout: policy.attemptTimeout, caFile: caFile),
            data: try EdgarEndpoint(baseURL: dataURL, timeout: policy.attemptTimeout, caFile: caFile),
            userAgent: agent, policy: policy, rateLimiter: rateLimiter, log: log)
        self.init(invoker: invoker, tickerCache: tickerCache)
    }

    /// The company list: the cached one while it is fresh, else fetched and cached. A cache
    /// that cannot be written costs the next run a fetch, nothing more.
    public func companyTickers() async throws(EdgarError) -> CompanyList {
        if let cached = tickerCache?.load(now: wallClock()) { return cached }
        let rows = try await invoker.run(GetCompanyTickers())
        let list = CompanyList(tickers: rows, fetchedAt: wallClock(), fromCache: false)
        try? tickerCache?.save(list)
        return list
    }

    /// A company's submissions: who it is, its recent filings, its older pages.
    public func submissions(_ cik: CIK) async throws(EdgarError) -> Submissions {
        try await invoker.run(GetSubmissions(cik: cik))
    }

    /// An older page of `cik`'s filings.
    public func submissionsPage(_ cik: CIK, _ page: SubmissionsPage) async throws(EdgarError) -> [Filing] {
        try await invoker.run(GetSubmissionsPage(cik: cik, name: page.name))
    }

    /// Every XBRL fact `cik` reported.
    public func companyFacts(_ cik: CIK) async throws(EdgarError) -> CompanyFacts {
        try await invoker.run(GetCompanyFacts(cik: cik))
    }

    /// One concept's facts; `notFound` when the company does not report it.
    public func companyConcept(_ cik: CIK, concept: String, taxonomy: String = "us-gaap") async throws(EdgarError) -> CompanyFacts {
        try await invoker.run(GetCompanyConcept(cik: cik, concept: concept, taxonomy: taxonomy))
    }
}
