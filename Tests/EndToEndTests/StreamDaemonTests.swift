import Foundation
import HTTP
import MarketTestSupport
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run` with `"stream": true` against the simulated exchange in this process (so the
/// test can drop its streams): it decides from a quote only the stream could have told it, and a
/// stream dropped around a partial fill loses no fill and books none twice.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct StreamDaemonTests {
    /// Polls a minute apart, whether the stream is trusted or not, and never takes the stream
    /// for stalled: what the daemon learns within seconds it learned from the stream.
    static func exchange(_ venue: VenueHarness) -> String {
        #"{"baseURL": "http://\#(venue.server.address)/ob/api", "venue": "TESTEX", "account": "EXB123456", "stream": true, "streamSafetyPollMs": 60000, "streamStallMs": 3600000}"#
    }

    /// The daemon's `stream switch` lines to `to`.
    static func switches(_ daemon: SpawnedProcess, to: String) -> Int {
        daemon.stderr.split(separator: "\n").filter { $0.contains("stream switch") && $0.contains("to=\(to)") }.count
    }

    @Test func decidesFromAStreamedQuoteAndBooksEveryFillOnceAcrossADroppedStream() async throws {
        let venue = try VenueHarness()
        let workspace = try DaemonWorkspace()
        defer { workspace.remove() }
        try workspace.write(
            exchange: Self.exchange(venue), strategies: DaemonTests.marketMaker,
            extra: MonitorEndToEndTests.monitor)
        try Self.rewritePollInterval(workspace)
        let (daemon, monitor) = try await MonitorEndToEndTests.startDaemon(workspace)
        defer { daemon.send(SIGKILL) }
        #expect(await daemon.wait(upTo: 30) { Self.switches(daemon, to: "stream") == 1 }, "\(daemon.stderr)")
        // The book was empty at the daemon's first poll and the next is a minute away: quotes
        // placed within seconds answer the tickertape.
        _ = try venue.place("buy", 100, at: 4_900, account: "SELLER")
        _ = try venue.place("sell", 100, at: 5_100, account: "SELLER")
        let quoting = { Self.quotesRest(venue) }
        #expect(await daemon.wait(upTo: 15, for: quoting), "no quotes from the stream: \(daemon.stderr)")
        // A partial fill of the bid, seen on the executions feed; then the streams drop at once
        // and the bid (or the one that replaced it) trades again while they are down.
        _ = try venue.place("sell", 20, at: 4_990, type: "immediate-or-cancel", account: "TAKER")
        #expect(await daemon.wait(upTo: 15) { (try? workspace.ledgerFills().count) == 1 }, "no fill from the stream: \(daemon.stderr)")
        #expect(venue.server.dropStreams() == 2)
        _ = try venue.place("sell", 20, at: 4_990, type: "immediate-or-cancel", account: "TAKER")
        let exchangeFills = { Self.fills(venue) }
        #expect(
            await daemon.wait(upTo: 30) { Self.switches(daemon, to: "stream") == 2 && (try? workspace.ledgerFills()) == exchangeFills() },
            "\(daemon.stderr)")
        let ledger = try workspace.ledgerFills()
        #expect(ledger.reduce(0) { $0 + $1[3] } == 40)
        #expect(Set(ledger.map { [$0[0], $0[1]] }).count == ledger.count, "a fill booked twice")
        #expect(Self.switches(daemon, to: "poll") == 1)
        let metrics = try MonitorEndToEndTests.get(monitor, "/metrics").bodyText
        #expect(Self.switchCount(metrics, to: "stream") == 2, "\(metrics)")
        #expect(Self.switchCount(metrics, to: "poll") == 1)
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0)
    }

    /// `tickwork_stream_switches_total` of TESTEX to `to` in a `/metrics` document (its labels in
    /// either order).
    static func switchCount(_ metrics: String, to: String) -> Int? {
        let line = metrics.split(separator: "\n").first { line in
            line.hasPrefix("tickwork_stream_switches_total{") && line.contains(#"to="\#(to)""#) && line.contains(#"venue="TESTEX""#)
        }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    /// The daemon's own polls a minute apart too (the workspace's default is 50 ms).
    static func rewritePollInterval(_ workspace: DaemonWorkspace) throws {
        let text = try String(contentsOfFile: workspace.config, encoding: .utf8)
        try text.replacingOccurrences(of: #""pollIntervalMs": 50,"#, with: #""pollIntervalMs": 60000,"#)
            .write(toFile: workspace.config, atomically: true, encoding: .utf8)
    }

    /// Whether MarketMaker's two quotes rest, untouched, on the exchange.
    static func quotesRest(_ venue: VenueHarness) -> Bool {
        let open = venue.server.orders(of: "EXB123456", on: "TESTEX").filter(\.open)
        return open.map { "\($0.side.rawValue) \($0.qty)" }.sorted() == ["buy 50", "sell 50"]
    }

    /// The account's fills on the exchange as the ledger's (order id, index, price in cents, qty), sorted.
    static func fills(_ venue: VenueHarness) -> [[Int]] {
        venue.server.orders(of: "EXB123456", on: "TESTEX").flatMap { order in
            order.fills.enumerated().map { index, fill in
                [Int(order.id.rawValue), index, Int(fill.price.units / 100), Int(fill.qty.shares)]
            }
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
