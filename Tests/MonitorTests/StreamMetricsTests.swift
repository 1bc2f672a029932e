import HTTP
@testable import Live
@testable import Monitor
import Testing

/// The push stream's families on `/metrics`: absent without a stream, counted by venue with one.
@Suite(.timeLimit(.minutes(10))) struct StreamMetricsTests {
    @Test func theStreamsStateSwitchesMessagesAndReconnectsAreServed() async throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let routes = fixture.routes()
        #expect(!MonitorRoutesTests.get(routes, "/metrics").bodyText.contains("tickwork_stream_"))
        fixture.board.streamSwitched(venue: "TESTEX", to: "stream")
        for kind in ["book", "book", "order"] { fixture.board.streamMessage(venue: "TESTEX", kind: kind) }
        fixture.board.streamSwitched(venue: "TESTEX", to: "poll")
        fixture.board.streamReconnecting(venue: "TESTEX")
        let text = MonitorRoutesTests.get(routes, "/metrics").bodyText
        #expect(try await PrometheusParser.promtoolProblems(of: text) == "")
        let samples = try await PrometheusParser.samples(of: text)
        #expect(samples["tickwork_stream_up{venue=\"TESTEX\"}"] == 0)
        #expect(samples["tickwork_stream_switches_total{to=\"stream\",venue=\"TESTEX\"}"] == 1)
        #expect(samples["tickwork_stream_switches_total{to=\"poll\",venue=\"TESTEX\"}"] == 1)
        #expect(samples["tickwork_stream_messages_total{kind=\"book\",venue=\"TESTEX\"}"] == 2)
        #expect(samples["tickwork_stream_messages_total{kind=\"order\",venue=\"TESTEX\"}"] == 1)
        #expect(samples["tickwork_stream_reconnects_total{venue=\"TESTEX\"}"] == 1)
    }
}
