import FoundationEssentials
import Glibc
import History
import HTTP
import Live
import Notify
import StrategyKit

/// Answers the monitor's requests from the board: the one place its paths, its bearer-token
/// check and its content types are decided. Every answer is built from a copy of the latest
/// snapshot, so a request never waits on the engine.
public struct MonitorRoutes: Sendable {
    let board: MonitorBoard
    /// The held `/api/events` streams.
    let eventStream: MonitorEventStream
    /// The bearer token every request must carry; nil for none (loopback only).
    let token: String?
    let version: String
    /// The ledger file, whose size `/metrics` reports.
    let ledgerPath: String?
    /// The history's order-flow hand-off, whose dropped records `/metrics` counts; nil when
    /// the daemon keeps no history.
    let historyFlow: HistoryFlow?
    let now: @Sendable () -> Timestamp
    /// Each `notify` webhook's figures for `/metrics`; nil without notifications.
    public var notifyFigures: (@Sendable () -> [NotifyFigures])?
    /// The EDGAR polling's figures for `/metrics`; nil when the daemon does not poll EDGAR.
    public var edgarFigures: (@Sendable () -> EdgarFigures)?
    /// The operator's control routes, served behind the token; nil: none.
    let control: ControlRoutes?

    public init(
        board: MonitorBoard, token: String?, version: String, ledgerPath: String?, historyFlow: HistoryFlow? = nil,
        control: ControlRoutes? = nil, now: @escaping @Sendable () -> Timestamp
    ) {
        self.board = board
        self.control = control
        self.token = token
        self.version = version
        self.ledgerPath = ledgerPath
        self.historyFlow = historyFlow
        self.now = now
        eventStream = MonitorEventStream(board: board, ledgerPath: ledgerPath)
    }

    /// The response to `request`.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if ControlRoutes.isControl(request) { return controlResponse(to: request) }
        if let token, !Self.authorized(request.headers["Authorization"], token: token) {
            var response = HTTPResponse(status: 401, contentType: "text/plain; charset=utf-8", text: "a bearer token is required\n")
            response.headers.set(name: "WWW-Authenticate", value: "Bearer")
            return response
        }
        guard request.method == "GET" else {
            var response = HTTPResponse(status: 405, contentType: "text/plain; charset=utf-8", text: "only GET\n")
            response.headers.set(name: "Allow", value: "GET")
            return response
        }
        let time = now()
        switch request.path {
        case "/metrics":
            guard let snapshot = board.snapshot else { return Self.notReady }
            let text = MetricsDocument.metrics(
                snapshot, traffic: board.traffic, ledgerBytes: ledgerBytes(), historyFlowDropped: historyFlow?.dropped, now: time,
                notify: notifyFigures?() ?? [], edgar: edgarFigures?())
            return Self.fresh(HTTPResponse(status: 200, contentType: MetricsExposition.contentType, text: text))
        case "/api/status":
            guard let snapshot = board.snapshot else { return Self.notReady }
            let body = StatusDocument.status(snapshot, traffic: board.traffic, version: version, now: time)
            return Self.fresh(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body))
        case "/api/events":
            return eventStream.response(after: Self.lastEventID(request))
        case "/":
            let page = DashboardPage.render(board.snapshot, traffic: board.traffic, version: version, now: time)
            var response = HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", text: page)
            response.headers.set(name: "Content-Security-Policy", value: DashboardPage.contentSecurityPolicy)
            return Self.fresh(response)
        default:
            return HTTPResponse(status: 404, contentType: "text/plain; charset=utf-8", text: "no such page: /metrics, /api/status, /api/events, /\n")
        }
    }

    /// A control route's answer: only with a token configured, and only to a request that
    /// carries it, on any address (loopback too: a page in a browser on this machine can reach
    /// loopback).
    private func controlResponse(to request: HTTPRequest) -> HTTPResponse {
        guard let control else {
            return HTTPResponse(status: 404, contentType: "text/plain; charset=utf-8", text: "this monitor serves no control routes\n")
        }
        let who = "monitor client " + (request.peer?.description ?? "unknown")
        guard let token else {
            return control.refused(request, who: who, status: 403, "control on the monitor needs a token: set monitor.tokenEnv or monitor.tokenFile")
        }
        guard Self.authorized(request.headers["Authorization"], token: token) else {
            var response = control.refused(request, who: who, status: 401, "a bearer token is required")
            response.headers.set(name: "WWW-Authenticate", value: "Bearer")
            return response
        }
        return control.respond(to: request, who: who)
    }

    /// The last fill an event-stream client saw: its `Last-Event-ID`, or `?after=N` (for curl).
    static func lastEventID(_ request: HTTPRequest) -> UInt64? {
        request.headers["Last-Event-ID"].flatMap { UInt64(Substring($0).trimmingASCIIWhitespace()) }
            ?? queryValue("after", in: request.query).flatMap { UInt64($0) }
    }

    private func ledgerBytes() -> Int64? {
        var info = stat()
        guard let ledgerPath, stat(ledgerPath, &info) == 0 else { return nil }
        return Int64(info.st_size)
    }

    /// Compares `header` with `Bearer <token>` in time that does not depend on where they differ.
    static func authorized(_ header: String?, token: String) -> Bool {
        let given = Array((header ?? "").utf8)
        let expected = Array("Bearer \(token)".utf8)
        var difference = UInt8(given.count == expected.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    static func queryValue(_ name: String, in query: Substring?) -> Substring? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") where pair.hasPrefix(name + "=") {
            return pair.dropFirst(name.count + 1)
        }
        return nil
    }

    private static var notReady: HTTPResponse {
        HTTPResponse(status: 503, contentType: "text/plain; charset=utf-8", text: "the engine has not published its state yet\n")
    }

    private static func fresh(_ response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.set(name: "Cache-Control", value: "no-store")
        return response
    }
}
