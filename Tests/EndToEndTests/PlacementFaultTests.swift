import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A placement fault injected into a running daemon: the exchange process is stopped (SIGSTOP)
/// while an order is on its way, so the POST waits in the socket longer than the client's
/// time-out, and the exchange executes it when it continues.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct PlacementFaultTests {
    @Test func aPlacementTheExchangeExecutesAfterTheTimeOutIsBookedOnceAndNotSentAgain() async throws {
        let exchange = try await ExchangeFixture()
        defer {
            exchange.process.send(SIGCONT)
            exchange.stop()
        }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 10)
        defer { workspace.remove() }
        // One request a second: the order waits about a second for its turn after the daemon
        // decides it, time enough to stop the exchange before it is sent.
        let config = try String(contentsOfFile: workspace.config, encoding: .utf8)
            .replacingOccurrences(of: "\"account\": \"EXB123456\"}", with: "\"account\": \"EXB123456\", \"maxRequestsPerSecond\": 1}")
        try config.write(toFile: workspace.config, atomically: true, encoding: .utf8)
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        defer { daemon.send(SIGTERM) }
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("ready") }, "\(daemon.stderr)")
        try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 10)
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("order sent") }, "\(daemon.stderr)")
        exchange.process.send(SIGSTOP)
        let unknown = await daemon.wait(upTo: 30) { daemon.stderr.contains("order outcome unknown") }
        exchange.process.send(SIGCONT)
        #expect(unknown, "\(daemon.stderr)")
        #expect(await daemon.wait(upTo: 60) { workspace.bought() == 10 }, "\(daemon.stderr)")
        let orders = try exchange.orders(of: "EXB123456")
        #expect(orders.count == 1, "the order was sent again: \(orders)")
        #expect(try workspace.ledgerFills() == exchange.fills(of: "EXB123456"))
        #expect(!daemon.stderr.contains("ORDER_NOT_PLACED"), "\(daemon.stderr)")
    }
}
