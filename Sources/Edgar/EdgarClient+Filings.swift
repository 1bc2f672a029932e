import APIClient

extension EdgarClient {
    /// The filings of `tickers` as one chain: the company list, then each company's
    /// submissions, then up to `olderPages` of its older pages. A ticker EDGAR does not list is
    /// a failed step naming it; a failed company (404, 500, ...) is a failed step; the chain
    /// goes on with the next company either way (the company list failing ends it: every later
    /// step needs it). `onStep` hears each step as it finishes.
    public func filings(
        tickers: [String], olderPages: Int = 0,
        onStep: (RequestChain<FilingsStepValue, EdgarError>.Step) async -> Void = { _ in }
    ) async -> FilingsReport {
        typealias Link = RequestChain<FilingsStepValue, EdgarError>.Link
        let listStep = tickerCache == nil ? GetCompanyTickers().description : "company list (\(TickerCache.fileName) or \(GetCompanyTickers().description))"
        let start = Link(listStep) { () async throws(EdgarError) -> (value: FilingsStepValue, next: [Link]) in
            let list = try await self.companyTickers()
            let next = tickers.map { ticker -> Link in
                guard let company = list.company(ticker) else {
                    return Link("\(ticker): look up its CIK", leaf: { () throws(EdgarError) -> FilingsStepValue in throw .notListed(ticker: ticker) })
                }
                return self.submissionsLink(ticker: ticker, cik: company.cik, olderPages: olderPages)
            }
            return (.companyList(count: list.tickers.count, fromCache: list.fromCache), next)
        }
        let steps = await RequestChain([start]).run(mode: .continueAfterErrors, onStep: onStep)
        return FilingsReport(steps: steps, companies: Self.companies(from: steps))
    }

    private func submissionsLink(ticker: String, cik: CIK, olderPages: Int) -> RequestChain<FilingsStepValue, EdgarError>.Link {
        typealias Link = RequestChain<FilingsStepValue, EdgarError>.Link
        let command = GetSubmissions(cik: cik)
        return Link("\(ticker): \(command)") { () async throws(EdgarError) -> (value: FilingsStepValue, next: [Link]) in
            let submissions = try await self.invoker.run(command)
            let pages = submissions.pages.prefix(max(0, olderPages)).map { page in
                let pageCommand = GetSubmissionsPage(cik: cik, name: page.name)
                return Link("\(ticker): \(pageCommand)", leaf: { () async throws(EdgarError) -> FilingsStepValue in
                    .page(cik, try await self.invoker.run(pageCommand))
                })
            }
            return (.submissions(submissions), Array(pages))
        }
    }

    /// The companies the steps reached, each with its pages' filings after its recent ones.
    private static func companies(from steps: [RequestChain<FilingsStepValue, EdgarError>.Step]) -> [Submissions] {
        var companies: [Submissions] = []
        for step in steps {
            switch step.outcome {
            case .success(.submissions(let submissions)): companies.append(submissions)
            case .success(.page(let cik, let filings)):
                if let index = companies.lastIndex(where: { $0.cik == cik }) { companies[index].filings += filings }
            default: break
            }
        }
        return companies
    }
}
