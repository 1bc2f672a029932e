import Foundation
import HTTP
@testable import Live
@testable import Monitor
import Testing

/// The push stream's families on `/metrics`, absent without a stream and counted by venue with
/// one, and its state in `/api/status`'s `exchange.streams`.
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

    @Test func theStatusDocumentSaysWhetherEachStreamIsTrusted() throws {
        let fixture = try MonitorFixture()
        fixture.publish()
        let routes = fixture.routes()
        func streams() throws -> [String: Any] {
            let document = try #require(try JSONSerialization.jsonObject(with: Data(MonitorRoutesTests.get(routes, "/api/status").body)) as? [String: Any])
            return try #require((document["exchange"] as? [String: Any])?["streams"] as? [String: Any])
        }
        #expect(try streams().isEmpty)
        fixture.board.streamSwitched(venue: "TESTEX", to: "stream")
        var testex = try #require(try streams()["TESTEX"] as? [String: Any])
        #expect(testex["up"] as? Bool == true)
        fixture.board.streamSwitched(venue: "TESTEX", to: "poll")
        fixture.board.streamReconnecting(venue: "TESTEX")
        testex = try #require(try streams()["TESTEX"] as? [String: Any])
        #expect(testex["up"] as? Bool == false && testex["reconnects"] as? Int == 1)
        #expect(testex["switches"] as? [String: Int] == ["stream": 1, "poll": 1])
    }
}
