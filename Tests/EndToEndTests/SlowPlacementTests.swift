import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A slow exchange: a proxy between the daemon and a `tickwork exchange` holds the daemon's
/// order placement longer than the client's 5 s time-out, while books and account order lists
/// go through at once, so the daemon sees lists that do not (yet) show its order. FirstSteps
/// buys 10 shares against 20 offered at $50.00: an order sent twice would fill twice.
/// The time limit only stops a hang: a test may wait minutes for a thread in a full parallel run.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct SlowPlacementTests {
    /// The exchange, the proxy in front of it, liquidity, and a daemon trading through the proxy.
    final class Setup {
        let exchange: ExchangeFixture
        let proxy: HoldingProxy
        let workspace: DaemonWorkspace
        let daemon: SpawnedProcess

        init(extra: String = "") async throws {
            exchange = try await ExchangeFixture()
            proxy = try HoldingProxy(upstream: exchange.baseURL)
            workspace = try DaemonWorkspace(exchange: exchange, quantity: 10, extra: extra)
            let config = try String(contentsOfFile: workspace.config, encoding: .utf8)
                .replacingOccurrences(of: exchange.baseURL, with: proxy.baseURL)
            try config.write(toFile: workspace.config, atomically: true, encoding: .utf8)
            try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
            try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 20)
            daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        }

        /// How many orders the daemon decided to send.
        var ordersSent: Int { daemon.stderr.components(separatedBy: "order sent").count - 1 }

        deinit {
            proxy.release()
            daemon.send(SIGTERM)
            proxy.stop()
            exchange.stop()
            workspace.remove()
        }
    }

    @Test func aPlacementHeldPastTheTimeOutButWithinTheSettlementWindowStaysUnknownAndIsBookedOnce() async throws {
        let setup = try await Setup()
        let (daemon, proxy) = (setup.daemon, setup.proxy)
        #expect(await daemon.wait(upTo: 60) { proxy.isHolding }, "no placement reached the proxy: \(daemon.stderr)")
        try #require(await daemon.wait(upTo: 60) { daemon.stderr.contains("order outcome unknown") }, "\(daemon.stderr)")
        // Before the fix, the first list fetched after the time-out settled the order as not
        // placed and FirstSteps sent another at once; three lists give that every chance.
        let listsAtTimeOut = proxy.accountLists
        #expect(await daemon.wait(upTo: 30) { proxy.accountLists >= listsAtTimeOut + 3 || proxy.placements > 1 }, "the daemon does not list the account's orders")
        proxy.release()
        // Every placement that reached the proxy reaches the exchange, and the daemon books it.
        #expect(await daemon.wait(upTo: 60) { (try? setup.exchange.orders(of: "EXB123456").count) ?? 0 >= proxy.placements })
        #expect(await daemon.wait(upTo: 60) { setup.workspace.bought() == 10 }, "\(daemon.stderr)")
        let orders = try setup.exchange.orders(of: "EXB123456")
        #expect(orders.count == 1, "the order was sent again: \(orders)")
        #expect(proxy.placements == 1)
        #expect(setup.ordersSent == 1, "\(daemon.stderr)")
        let (ledger, exchangeFills) = (try setup.workspace.ledgerFills(), try setup.exchange.fills(of: "EXB123456"))
        #expect(ledger == exchangeFills)
    }

    @Test func aPlacementHeldPastTheSettlementWindowIsSettledAsNotPlacedThenAdoptedWhenItShowsUp() async throws {
        // A window shorter than the time-out: the first list after the time-out settles it.
        let setup = try await Setup(extra: #", "settlementWindowMs": 3000"#)
        let (daemon, proxy) = (setup.daemon, setup.proxy)
        #expect(await daemon.wait(upTo: 60) { proxy.isHolding }, "no placement reached the proxy: \(daemon.stderr)")
        try #require(await daemon.wait(upTo: 60) { daemon.stderr.contains("order outcome unknown") }, "\(daemon.stderr)")
        // Settled as not placed, the order no longer counts as open: FirstSteps buys again,
        // and this second order goes through the proxy and fills.
        try #require(await daemon.wait(upTo: 60) { setup.workspace.bought() == 10 }, "\(daemon.stderr)")
        #expect(setup.ordersSent == 2, "\(daemon.stderr)")
        proxy.release()
        // The held order reaches the exchange late and fills the other 10: the daemon adopts it.
        #expect(await daemon.wait(upTo: 60) { setup.workspace.bought() == 20 }, "the late order's fills were not booked: \(daemon.stderr)")
        let orders = try setup.exchange.orders(of: "EXB123456")
        #expect(orders.count == 2, "\(orders)")
        #expect(proxy.placements == 2)
        let (ledger, fills) = (try setup.workspace.ledgerFills(), try setup.exchange.fills(of: "EXB123456"))
        #expect(ledger == fills)
        // The held order reached the exchange last: it has the larger id, and the log books its fill.
        let late = orders.compactMap { $0["id"] as? Int }.max() ?? -1
        #expect(fills.contains { $0[0] == late }, "\(fills)")
        // The log line follows the ledger line that the wait above saw: wait for it too.
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("order=\(late) ") }, "\(daemon.stderr)")
    }
}
