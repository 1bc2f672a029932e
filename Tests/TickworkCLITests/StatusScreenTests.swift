import Foundation
import Testing
@testable import TickworkCLI

/// `tickwork status`'s screen from an `/api/status` document as the monitor writes it (money as
/// decimal dollars, at least two places).
@Suite(.timeLimit(.minutes(10))) struct StatusScreenTests {
    static let document = """
        {"version":"0.1.0","venue":"TESTEX","account":"EXB123456","uptimeSeconds":42,"stopped":false,\
        "trading":{"state":"active","code":null},"pnl":{"realized":-0.10,"unrealized":12.60,"total":12.50},\
        "strategies":[{"id":"mm","trading":{"state":"active"},"pnl":{"realized":-0.10,"unrealized":12.6025,"total":12.5025}}],\
        "positions":[{"strategy":"mm","symbol":"FOOBAR","shares":-20}],"openOrders":[{"client":"c1"}],\
        "counters":{"fills":3},"exchange":{"lastPollAgeMs":31,"requests":68,"errors":0}}
        """

    @Test func moneyIsShownInDollarsAndCentsAsTheMonitorWroteIt() throws {
        let status = try JSONDecoder().decode(Status.StatusReply.self, from: Data(Self.document.utf8))
        let screen = Status.screen(status)
        #expect(screen.contains("P&L $12.50 (realized $-0.10, unrealized $12.60); fills 3; open orders 1"))
        #expect(screen.contains("$12.5025"))
    }

    @Test func anAmountFinerThanTheSDKsUnitIsNoStatus() {
        let finer = Self.document.replacingOccurrences(of: "\"total\":12.50},", with: "\"total\":12.50001},")
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Status.StatusReply.self, from: Data(finer.utf8)) }
    }

    @Test func eachVenuesStreamIsALine() throws {
        let streamed = Self.document.replacingOccurrences(
            of: "\"errors\":0}", with: "\"errors\":0,\"streams\":{\"TESTEX\":{\"up\":false,\"reconnects\":2,\"switches\":{\"stream\":3,\"poll\":3}}}}")
        let screen = Status.screen(try JSONDecoder().decode(Status.StatusReply.self, from: Data(streamed.utf8)))
        #expect(screen.contains("stream: TESTEX down, polling; 2 reconnects, 3 switches to polling"))
        #expect(!Status.screen(try JSONDecoder().decode(Status.StatusReply.self, from: Data(Self.document.utf8))).contains("stream:"))
    }
}
