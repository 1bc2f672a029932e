import HTTP
import Synchronization

/// A scripted EDGAR on an `HTTPServer` on loopback, serving both hosts' paths on one port:
/// the fixtures, a 404 for what it does not have, and the faults a test injects.
final class FakeEdgar: Sendable {
    struct State: Sendable {
        /// Every request's path, in order.
        var requests: [String] = []
        /// Every request's `User-Agent` (empty when none was sent).
        var userAgents: [String] = []
        /// Statuses to answer, in order, to requests of a path instead of its document.
        var faults: [String: [Int]] = [:]
        /// `Retry-After` sent with an injected 429 or 503.
        var retryAfter: String?
        /// Whether to gzip bodies for a client that accepts it, and how many it gzipped.
        var gzips = false
        var gzipped = 0
    }

    let state = Mutex(State())
    private let server: HTTPServer
    private let documents: [String: String]

    var baseURL: String { "http://\(server.address)" }

    init() throws {
        documents = [
            "/files/company_tickers.json": EdgarFixtures.companyTickers,
            "/submissions/CIK0000320193.json": EdgarFixtures.appleSubmissions,
            "/submissions/CIK0000320193-submissions-001.json": EdgarFixtures.applePage,
            "/submissions/CIK0000789019.json": EdgarFixtures.microsoftSubmissions,
            "/api/xbrl/companyfacts/CIK0000320193.json": EdgarFixtures.appleFacts,
            "/api/xbrl/companyconcept/CIK0000320193/us-gaap/AccountsPayableCurrent.json": EdgarFixtures.appleConcept,
        ]
        let box = Box()
        self.box = box
        server = try HTTPServer { request in
            box.handler?(request) ?? HTTPResponse(status: 500)
        }
        box.handler = { [unowned self] request in self.answer(request) }
    }

    private let box: Box
    private final class Box: @unchecked Sendable { var handler: (@Sendable (HTTPRequest) -> HTTPResponse)? }

    func stop() { server.stop() }

    var requests: [String] { state.withLock { $0.requests } }

    private func answer(_ request: HTTPRequest) -> HTTPResponse {
        let path = String(request.path)
        let (fault, retryAfter, gzips) = state.withLock { state -> (Int?, String?, Bool) in
            state.requests.append(path)
            state.userAgents.append(request.headers["User-Agent"] ?? "")
            let fault = state.faults[path]?.isEmpty == false ? state.faults[path]?.removeFirst() : nil
            return (fault, state.retryAfter, state.gzips)
        }
        if let fault {
            var headers = HTTPHeaders()
            if let retryAfter, fault == 429 || fault == 503 { headers.add(name: "Retry-After", value: retryAfter) }
            return HTTPResponse(status: fault, headers: headers, body: Array("fault \(fault)\n".utf8))
        }
        guard let document = documents[path] else { return HTTPResponse(status: 404, contentType: "text/plain", text: "Not Found") }
        var headers: HTTPHeaders = ["Content-Type": "application/json"]
        var body = Array(document.utf8)
        if gzips, request.headers["Accept-Encoding"]?.contains("gzip") == true {
            body = GzipCoding.gzip(body)
            headers.add(name: "Content-Encoding", value: "gzip")
            state.withLock { $0.gzipped += 1 }
        }
        return HTTPResponse(status: 200, headers: headers, body: body)
    }
}
