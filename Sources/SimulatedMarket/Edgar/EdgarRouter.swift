import HTTP
import Wire

/// SEC EDGAR's JSON endpoints for the simulated exchange's companies, on its one port (both of
/// EDGAR's hosts, `www.sec.gov` and `data.sec.gov`, are this server): `/files/company_tickers.json`,
/// `/submissions/CIK##########.json` and its older pages `CIK##########-submissions-001.json`,
/// `/api/xbrl/companyfacts/CIK##########.json` and
/// `/api/xbrl/companyconcept/CIK##########/TAXONOMY/TAG.json`. As EDGAR, it refuses a request
/// without a `User-Agent` (403), answers 429 to a client (by address) past its requests a second,
/// and a path it has no document for (an unknown company, a concept the company lacks) 404 with
/// the storage's XML error.
struct EdgarRouter: Sendable {
    let market: EdgarMarket

    /// Whether `path` is one of EDGAR's.
    static func serves(_ path: Substring) -> Bool {
        path == "/files/company_tickers.json" || path.hasPrefix("/submissions/") || path.hasPrefix("/api/xbrl/")
    }

    /// The response to a request for a path this router `serves`; `now` is when it came.
    func respond(to request: HTTPRequest, now: ContinuousClock.Instant = .now) -> HTTPResponse {
        guard let agent = request.headers["User-Agent"], !agent.allSatisfy({ $0 == " " }) else { return Self.undeclaredTool }
        guard market.admit(Self.client(request.peer), now: now) else { return Self.rateExceeded }
        guard request.method == "GET" else {
            return HTTPResponse(status: 405, contentType: "text/plain", text: "Method \(request.method) is not allowed; use GET.\n")
        }
        let parts = request.pathSegments.map(String.init)
        switch parts.count {
        case 2 where parts == ["files", "company_tickers.json"]:
            return Self.json(market.registry.tickersDocument)
        case 2 where parts[0] == "submissions":
            return submissions(parts[1]) ?? Self.noSuchKey(request)
        case 4 where parts[0] == "api" && parts[1] == "xbrl" && parts[2] == "companyfacts":
            guard let company = company(parts[3], suffix: ".json") else { return Self.noSuchKey(request) }
            var json = JSONWriter(capacity: 64 * 1024, style: .shortEscapes)
            json.edgarCompanyFacts(company, market.facts(of: company))
            return Self.json(json.bytes)
        case 6 where parts[0] == "api" && parts[1] == "xbrl" && parts[2] == "companyconcept" && parts[5].hasSuffix(".json"):
            let facts = company(parts[3] + ".json", suffix: ".json").map { ($0, market.facts(of: $0)) }
            guard let (company, facts) = facts, let index = facts.concept(taxonomy: parts[4], tag: String(parts[5].dropLast(5))) else {
                return Self.noSuchKey(request)
            }
            var json = JSONWriter(capacity: 16 * 1024, style: .shortEscapes)
            json.edgarCompanyConcept(company, EdgarFacts.concepts[index], facts.factsOfConcept[index])
            return Self.json(json.bytes)
        default:
            return Self.noSuchKey(request)
        }
    }

    /// `CIK##########.json` (the recent filings) or `CIK##########-submissions-NNN.json` (page
    /// NNN of the older ones); nil when there is no such company or page.
    private func submissions(_ file: String) -> HTTPResponse? {
        let pageMarker = "-submissions-"
        let filings: [EdgarFiling]
        guard file.hasSuffix(".json") else { return nil }
        if let dash = file.firstIndex(of: "-") {
            guard file[dash...].hasPrefix(pageMarker), let company = company(String(file[..<dash]) + ".json", suffix: ".json"),
                let number = Int(file[dash...].dropFirst(pageMarker.count).dropLast(5)), number >= 1
            else { return nil }
            filings = market.filings(of: company)
            let start = EdgarMarket.recentLimit * number
            guard start < filings.count else { return nil }
            var json = JSONWriter(capacity: 256 * 1024, style: .shortEscapes)
            json.edgarFilingArrays(filings[start..<min(filings.count, start + EdgarMarket.recentLimit)])
            return Self.json(json.bytes)
        }
        guard let company = company(file, suffix: ".json") else { return nil }
        filings = market.filings(of: company)
        let recent = filings.prefix(EdgarMarket.recentLimit)
        var pages: [JSONWriter.EdgarPage] = []
        var start = EdgarMarket.recentLimit
        while start < filings.count {
            let name = "CIK\(company.paddedCIK)-submissions-\(EdgarCalendar.padded(pages.count + 1, 3)).json"
            pages.append(JSONWriter.EdgarPage(name: name, filings: filings[start..<min(filings.count, start + EdgarMarket.recentLimit)]))
            start += EdgarMarket.recentLimit
        }
        var json = JSONWriter(capacity: 256 * 1024, style: .shortEscapes)
        json.edgarSubmissions(company, market.profile(company), recent: recent, pages: pages)
        return Self.json(json.bytes)
    }

    /// The company of `CIK##########` + `suffix` (ten digits, as EDGAR's paths have them).
    private func company(_ file: String, suffix: String) -> EdgarCompany? {
        guard file.hasPrefix("CIK"), file.hasSuffix(suffix) else { return nil }
        let digits = file.dropFirst(3).dropLast(suffix.count)
        guard digits.count == 10, digits.allSatisfy(\.isASCII), let cik = Int(digits) else { return nil }
        return market.registry.company(cik)
    }

    /// The client a rate limit counts: the peer's address without its port.
    static func client(_ peer: HTTPPeer?) -> String {
        switch peer {
        case .network(let address)?:
            guard let colon = address.lastIndex(of: ":") else { return address }
            return String(address[..<colon])
        case .local(let uid, _)?:
            return "uid \(uid)"
        case nil:
            return ""
        }
    }

    private static func json(_ body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }

    /// EDGAR's refusal of a request that does not say who sends it.
    static let undeclaredTool = HTTPResponse(
        status: 403, contentType: "text/html",
        text: """
            <html><head><title>SEC.gov | Your Request Originates from an Undeclared Automated Tool</title></head><body>
            <h1>Your Request Originates from an Undeclared Automated Tool</h1>
            <p>To allow for equitable access to all users, this simulated EDGAR requires a User-Agent header that declares \
            who sends the request, with a contact address: for example "Sample Company Name AdminContact@samplecompany.com".</p>
            <p>(Tickwork's simulated exchange.)</p></body></html>

            """)

    /// EDGAR's answer to a client past its requests a second.
    static let rateExceeded = HTTPResponse(
        status: 429, contentType: "text/html",
        text: """
            <html><head><title>SEC.gov | Request Rate Threshold Exceeded</title></head><body>
            <h1>Your Request Rate Exceeds the Threshold</h1>
            <p>This simulated EDGAR serves each client at most 10 requests a second; slow down and try again.</p>
            <p>(Tickwork's simulated exchange.)</p></body></html>

            """)

    /// The storage's 404 for a key it does not hold, as data.sec.gov answers it.
    private static func noSuchKey(_ request: HTTPRequest) -> HTTPResponse {
        let key = String(request.path.dropFirst()).filter { $0 != "<" && $0 != ">" && $0 != "&" }
        return HTTPResponse(
            status: 404, contentType: "application/xml",
            text: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist."
                + "</Message><Key>\(key)</Key></Error>")
    }
}
