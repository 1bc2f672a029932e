import Foundation
import Ledger
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Start-up reconciliation against a separately started exchange refuses to trade when the
/// ledger and the exchange disagree in a way appending fills cannot explain.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct ReconciliationRefusalTests {
    @Test func aLedgerHoldingAFillTheExchangeNeverShowedEndsTheStartWithOneLine() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, quantity: 10)
        defer { workspace.remove() }
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
        try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 10)
        let first = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await first.wait(upTo: 30) { workspace.bought() == 10 }, "\(first.stderr)")
        first.send(SIGTERM)
        #expect(await first.exitStatus(within: 10) == 0)

        // A fill of the same order that the exchange never reported.
        var last: Fill?
        _ = try LedgerReader.forEach(in: workspace.ledger) { last = $0.fill }
        let fill = try #require(last)
        let ledger = try LedgerWriter(path: workspace.ledger, venue: fill.venue, account: fill.account)
        var extra = fill
        extra.index += 1
        extra.qty = 5
        _ = try ledger.append(extra)
        try ledger.close()

        let second = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await second.exitStatus(within: 30) == 1)
        let line = second.stderr.split(separator: "\n").last { $0.hasPrefix("tickwork: ") }.map(String.init) ?? ""
        #expect(line.contains("reconciliation: FOOBAR: the ledger holds 2 fills (15 shares) of order \(fill.orderID)"), "\(second.stderr)")
        #expect(line.contains("the exchange shows 1 (10 shares); refusing to trade"), "\(second.stderr)")
        #expect(try exchange.orders(of: "EXB123456").count == 1, "the refused daemon traded")
    }
}
