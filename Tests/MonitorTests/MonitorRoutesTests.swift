import Foundation
import History
import HTTP
@testable import Live
@testable import Monitor
import Notify
import StrategyKit
import Testing
import TestSupport

/// The monitor's endpoints answered from a board the engine published to: metrics a real
/// Prometheus parser reads and that move with a fill, the status document, the event stream's
/// response, the dashboard, and the bearer token.
@Suite(.timeLimit(.minutes(10))) struct MonitorRoutesTests {
    static func get(_ routes: MonitorRoutes, _ target: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        routes.respond(to: HTTPRequest(method: "GET", target: target, headers: headers))
    }

    @Test func metricsParseWithPrometheusOwnParserAndMoveWhenAFillHappens() async throws {
        let fixture = try MonitorFixture()
        let routes = fixture.routes()
        fixture.publish()
        let before = Self.get(routes, "/metrics")
        #expect(before.status == 200)
        #expect(before.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
        let parsedBefore = try await PrometheusParser.samples(of: before.bodyText)
        #expect(parsedBefore["tickwork_fills_total{strategy=\"s1\",symbol=\"FOOBAR\"}"] == nil)
        #expect(parsedBefore["tickwork_trading_state{scope=\"account\",state=\"active\"}"] == 1)

        try fixture.fillOneBuy()
        let text = Self.get(routes, "/metrics").bodyText
        #expect(try await PrometheusParser.promtoolProblems(of: text) == "")
        let after = try await PrometheusParser.samples(of: text)
        #expect(after["tickwork_fills_total{strategy=\"s1\",symbol=\"FOOBAR\"}"] == 1)
        #expect(after["tickwork_fill_volume_shares_total{strategy=\"s1\",symbol=\"FOOBAR\"}"] == 10)
        #expect(after["tickwork_position_shares{strategy=\"s1\",symbol=\"FOOBAR\"}"] == 10)
        #expect(after["tickwork_orders_sent_total{}"] == 1)
        #expect(after["tickwork_ledger_last_sequence{}"] == 1)
        #expect(after["tickwork_decision_latency_seconds_count{}"] == 1)
        #expect(after["tickwork_decision_latency_seconds_bucket{le=\"5e-05\"}"] == 1)
        #expect(after["tickwork_ledger_size_bytes{}"].map { $0 > 0 } == true)
    }

    @Test func metricsCountTheOrderFlowRecordsTheHistoryDropped() async throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let dropped = "tickwork_history_flow_dropped_total{}"
        #expect(try await PrometheusParser.samples(of: Self.get(fixture.routes(), "/metrics").bodyText)[dropped] == nil)
        let flow = HistoryFlow(capacity: 2)
        let routes = fixture.routes(historyFlow: flow)
        #expect(try await PrometheusParser.samples(of: Self.get(routes, "/metrics").bodyText)[dropped] == 0)
        for number in 0..<5 {
            flow.offer(.stateChange(HistoryStateChange(
                time: Timestamp(nanoseconds: Int64(number)), scope: "account", from: "active", to: "halted", code: "RISK_MANUAL",
                limit: nil, actual: nil)))
        }
        let text = Self.get(routes, "/metrics").bodyText
        #expect(try await PrometheusParser.promtoolProblems(of: text) == "")
        #expect(text.contains("# TYPE tickwork_history_flow_dropped_total counter"))
        #expect(try await PrometheusParser.samples(of: text)[dropped] == 3)
    }

    @Test func metricsCountEachWebhooksSentFailedDroppedAndQueuedNotices() async throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        var routes = fixture.routes()
        #expect(!Self.get(routes, "/metrics").bodyText.contains("tickwork_notify_"))
        let url = try #require(WebhookURL("http://127.0.0.1:9/hook"))
        let notifier = Notifier(webhooks: [Webhook(name: "ops", url: url, format: .slack)], policy: DeliveryPolicy(queueLimit: 2), origin: "o") { _ in }
        for number in 0..<5 {
            notifier.post(Notice(.daemon, at: Timestamp(nanoseconds: Int64(number)), "n"))
        }
        routes.notifyFigures = { notifier.figures }
        let text = Self.get(routes, "/metrics").bodyText
        #expect(try await PrometheusParser.promtoolProblems(of: text) == "")
        let samples = try await PrometheusParser.samples(of: text)
        #expect(samples["tickwork_notify_sent_total{webhook=\"ops\"}"] == 0)
        #expect(samples["tickwork_notify_failed_total{webhook=\"ops\"}"] == 0)
        #expect(samples["tickwork_notify_dropped_total{webhook=\"ops\"}"] == 3)
        #expect(samples["tickwork_notify_queue_depth{webhook=\"ops\"}"] == 2)
    }

    @Test func metricsCountTheEdgarPollsFilingsAndCallsByOutcome() async throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        var routes = fixture.routes()
        #expect(!Self.get(routes, "/metrics").bodyText.contains("tickwork_edgar_"))
        routes.edgarFigures = { EdgarFigures() }
        #expect(!Self.get(routes, "/metrics").bodyText.contains("tickwork_edgar_last_poll"), "no poll ended yet")
        var figures = EdgarFigures()
        figures.filings = 341
        figures.requests = ["ok": 7, "transport": 2]
        figures.lastPoll = Timestamp(nanoseconds: 1_765_000_000_500_000_000)
        routes.edgarFigures = { [figures] in figures }
        let text = Self.get(routes, "/metrics").bodyText
        #expect(try await PrometheusParser.promtoolProblems(of: text) == "")
        let samples = try await PrometheusParser.samples(of: text)
        #expect(samples["tickwork_edgar_filings_total{}"] == 341)
        #expect(samples["tickwork_edgar_requests_total{outcome=\"ok\"}"] == 7)
        #expect(samples["tickwork_edgar_requests_total{outcome=\"transport\"}"] == 2)
        #expect(samples["tickwork_edgar_last_poll_timestamp_seconds{}"] == 1_765_000_000.5)
    }

    @Test func theExpositionEscapesLabelValuesAndAddsUpHistogramBuckets() {
        var out = MetricsExposition()
        out.family("tickwork_x_total", .counter, help: "a \\ help\nline")
        out.sample("tickwork_x_total", ["code": "a\"b\\c\nd"], 3)
        var histogram = MonitorHistogram(bounds: [1, 10])
        histogram.observe(.milliseconds(500))
        histogram.observe(.seconds(5))
        histogram.observe(.seconds(20))
        out.family("tickwork_y_seconds", .histogram, help: "y")
        out.histogram("tickwork_y_seconds", histogram)
        #expect(out.text == """
            # HELP tickwork_x_total a \\\\ help\\nline
            # TYPE tickwork_x_total counter
            tickwork_x_total{code="a\\"b\\\\c\\nd"} 3
            # HELP tickwork_y_seconds y
            # TYPE tickwork_y_seconds histogram
            tickwork_y_seconds_bucket{le="1.0"} 1
            tickwork_y_seconds_bucket{le="10.0"} 2
            tickwork_y_seconds_bucket{le="+Inf"} 3
            tickwork_y_seconds_sum 25.5
            tickwork_y_seconds_count 3

            """)
    }

    @Test func theStatusDocumentCarriesTheFillPositionAndStates() throws {
        let fixture = try MonitorFixture()
        let routes = fixture.routes()
        #expect(Self.get(routes, "/api/status").status == 503)
        try fixture.fillOneBuy()
        let response = Self.get(routes, "/api/status")
        #expect(response.status == 200)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        #expect(document["venue"] as? String == "TESTEX")
        #expect((document["trading"] as? [String: Any])?["state"] as? String == "active")
        let fills = try #require(document["fills"] as? [[String: Any]])
        #expect(fills.count == 1)
        #expect(fills.first?["sequence"] as? Int == 1)
        #expect((fills.first?["price"] as? NSNumber)?.stringValue == "50.1")
        let positions = try #require(document["positions"] as? [[String: Any]])
        #expect(positions.first?["shares"] as? Int == 10)
        #expect((document["strategies"] as? [[String: Any]])?.first?["id"] as? String == "s1")
    }

    @Test func theEventStreamIsAHeldResponseThatReadsTheLastEventIDOrAfter() throws {
        let fixture = try MonitorFixture()
        let routes = fixture.routes()
        let response = Self.get(routes, "/api/events")
        // What it sends is in MonitorEventStreamTests, over a real connection.
        #expect(response.status == 200 && response.stream != nil && response.body.isEmpty)
        #expect(response.headers["Content-Type"] == "text/event-stream")
        let header = HTTPRequest(method: "GET", target: "/api/events", headers: ["Last-Event-ID": " 7 "])
        #expect(MonitorRoutes.lastEventID(header) == 7)
        #expect(MonitorRoutes.lastEventID(HTTPRequest(method: "GET", target: "/api/events?after=5")) == 5)
        #expect(MonitorRoutes.lastEventID(HTTPRequest(method: "GET", target: "/api/events")) == nil)
    }

    @Test func theDashboardIsOnePageThatFetchesNothingFromOutside() throws {
        let fixture = try MonitorFixture()
        let routes = fixture.routes()
        try fixture.fillOneBuy()
        let page = Self.get(routes, "/")
        #expect(page.status == 200)
        #expect(page.headers["Content-Security-Policy"]?.hasPrefix("default-src 'none'") == true)
        let html = page.bodyText
        // Rendered on the server, so that it reads with scripts off.
        #expect(html.contains("<tbody id=\"fills\"><tr><td>1</td>"))
        #expect(html.contains("<polyline"))
        for reference in ["src=", "href=\"http", "url(", "@import"] {
            #expect(!html.contains(reference), "the page refers to something outside: \(reference)")
        }
    }

    @Test func withATokenEveryRequestMustCarryIt() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let routes = fixture.routes(token: "s3cret")
        #expect(Self.get(routes, "/metrics").status == 401)
        #expect(Self.get(routes, "/", headers: ["Authorization": "Bearer s3cre"]).status == 401)
        #expect(Self.get(routes, "/", headers: ["Authorization": "Bearer s3cret2"]).status == 401)
        #expect(Self.get(routes, "/metrics", headers: ["Authorization": "Bearer s3cret"]).status == 200)
        #expect(routes.respond(to: HTTPRequest(method: "POST", target: "/metrics", headers: ["Authorization": "Bearer s3cret"])).status == 405)
        #expect(!MonitorRoutes.authorized(nil, token: "s3cret"))
        #expect(!MonitorRoutes.authorized("Bearer s3cret", token: "s3cre"))
        #expect(MonitorRoutes.authorized("Bearer s3cret", token: "s3cret"))
    }
}
