import Foundation
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The daemon killed again and again while MarketMaker trades against a separate
/// `tickwork exchange`, and the exchange itself restarted while the daemon is down: at the end
/// the ledger holds every fill of the account exactly once, and nothing of it is left open.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct SoakTests {
    static let account = "EXB123456"

    /// MarketMaker quoting one cent inside the bots' makers (2 to 6 cents from their fair
    /// value), so that their takers trade with it several times a second.
    static let marketMaker = """
        [{"id": "mm", "plugin": "MarketMaker", "symbols": ["FOOBAR"],
          "parameters": {"halfSpreadCents": 1, "quoteSize": 20, "positionLimit": 100, "requoteCents": 2}}]
        """

    /// The seed CI runs with, so that a CI run is reproducible.
    static let ciSeed: UInt64 = 1

    /// This run's seed, printed before the run (and named by failure messages and the figures
    /// line): `TICKWORK_SOAK_SEED` to replay a run; else, under `CI=true`, `ciSeed`; else a new
    /// one. A `TICKWORK_SOAK_SEED` that is not a number fails the test rather than be ignored.
    static func seed() throws -> UInt64 {
        let seed: UInt64
        if let text = ProcessInfo.processInfo.environment["TICKWORK_SOAK_SEED"] {
            seed = try #require(UInt64(text), "TICKWORK_SOAK_SEED=\(text): expected an unsigned 64-bit integer")
        } else {
            seed = Prerequisite.inCI ? ciSeed : UInt64.random(in: 1...UInt64.max)
        }
        print("soak: seed \(seed) (TICKWORK_SOAK_SEED=\(seed) replays this run)")
        return seed
    }

    /// The account's fills that `lines` (ledger lines) lack, as (order id, index, price, qty).
    static func missing(from lines: [[String: Any]], in fills: [[Int]]) -> [[Int]] {
        let booked = Set(lines.map(DaemonWorkspace.fill))
        return fills.filter { !booked.contains($0) }
    }

    @Test func twentySIGKILLsAtRandomMomentsLoseNoFillAndRecordNoneTwice() async throws {
        let started = Date()
        let seed = try Self.seed()
        var random = SplitMix64(seed: seed)
        let exchange = try await ExchangeFixture(bots: 4)
        defer { exchange.stop() }
        let workspace = try DaemonWorkspace(exchange: exchange, strategies: Self.marketMaker)
        defer { workspace.remove() }
        var killsWhileResting = 0
        var killsInStartUp = 0
        var missedAtRestarts = Set<[Int]>()
        var takenInDowntime = 0
        for kill in 1...20 {
            guard let beforeReady = try await RandomKill.run(
                config: workspace.config, environment: DaemonTests.key, random: &random, seed: seed, kill: kill)
            else { return }
            if beforeReady { killsInStartUp += 1 }
            // While it is down, another account trades through whatever it left resting.
            if try !exchange.openOrders(of: Self.account).isEmpty { killsWhileResting += 1 }
            takenInDowntime += try exchange.trade(through: Self.account, as: "TAKER") { Int(random.int(in: 1...Int64($0))) }
            missedAtRestarts.formUnion(Self.missing(from: try workspace.ledgerLines(), in: try exchange.fills(of: Self.account)))
        }
        let last = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        let quoting = { last.stderr.contains("engine: ready") && (try? exchange.openOrders(of: Self.account).isEmpty) == false }
        #expect(await last.wait(upTo: 30, for: quoting), "seed \(seed): not quoting after the last restart: \(last.stderr)")
        last.send(SIGTERM)
        #expect(await last.exitStatus(within: 15) == 0, "seed \(seed): \(last.stderr)")
        #expect(try exchange.openOrders(of: Self.account).isEmpty, "seed \(seed): orders left open: \(last.stderr)")
        let ledger = try workspace.ledgerFills()
        let fills = try exchange.fills(of: Self.account)
        #expect(ledger == fills, "seed \(seed): the ledger is not the exchange's record of the account's fills")
        #expect(Set(ledger.map { [$0[0], $0[1]] }).count == ledger.count, "seed \(seed): a fill recorded twice")
        let verify = try await TickworkProcess.run(["ledger", "verify", workspace.ledger])
        #expect(verify.status == 0, "seed \(seed): \(verify.stdout)\(verify.stderr)")
        // A fill the ledger lacked at a restart existed before that start's reconciliation.
        let reconciled = Set(try workspace.reconciledFills())
        #expect(missedAtRestarts.subtracting(reconciled).isEmpty, "seed \(seed): missing at a restart, not booked as reconciled: \(missedAtRestarts.subtracting(reconciled))")
        #expect(killsWhileResting > 0 && !reconciled.isEmpty, "seed \(seed): no kill landed while orders rested")
        print("""
            soak: seed \(seed): 20 SIGKILLs (\(killsInStartUp) before "ready", \(killsWhileResting) with orders resting), \(fills.count) fills, \
            \(reconciled.count) booked as reconciled (\(missedAtRestarts.count) missing from the ledger at a restart), \
            \(takenInDowntime) shares taken during downtime, \(Int(Date().timeIntervalSince(started))) s
            """)
    }

    /// The exchange stops and a new process starts on its address while the daemon is down. The
    /// simulated exchange forgets its orders when it stops, so "the exchange's record" is two
    /// records: the ledger keeps what it booked from the old exchange, line for line, and then
    /// books every fill of the new one once. The old exchange's fills after the kill are lost
    /// with its memory (a real venue keeps them).
    @Test func afterAnExchangeRestartTheNewExchangesFillsAreBookedOnceAndTheOldOnesKept() async throws {
        let account = Self.account
        let first = try await ExchangeFixture()
        defer { first.stop() }
        let workspace = try DaemonWorkspace(exchange: first, strategies: DaemonTests.marketMaker)
        defer { workspace.remove() }
        try DaemonTests.openWideMarket(first)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await daemon.wait(upTo: 30) { DaemonTests.quotesRest(at: first) }, "no quotes: \(daemon.stderr)")
        try first.place(account: "TAKER", side: "sell", price: 4_990, qty: 20, type: "immediate-or-cancel")
        #expect(await daemon.wait(upTo: 30) { (try? workspace.ledgerLines().count) == 1 && DaemonTests.quotesRest(at: first) }, "\(daemon.stderr)")
        daemon.send(SIGKILL)
        _ = await daemon.exitStatus(within: 10)
        let atKill = try workspace.ledgerLines().map(DaemonWorkspace.fill)
        try first.trade(through: account, as: "TAKER") { min($0, 15) }
        let firstFills = try first.fills(of: account)
        let firstIDs = Set(try first.orders(of: account).compactMap { $0["id"] as? Int })
        await first.stopped()

        let second = try await ExchangeFixture(listen: first.listenAddress)
        defer { second.stop() }
        try DaemonTests.openWideMarket(second)
        let restarted = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(
            await restarted.wait(upTo: 30) { restarted.stderr.contains("engine: ready") && DaemonTests.quotesRest(at: second) },
            "not quoting on the new exchange: \(restarted.stderr)")
        try second.trade(through: account, as: "TAKER") { min($0, 15) }
        let secondFills = try second.fills(of: account)
        #expect(
            await restarted.wait(upTo: 30) { (try? workspace.ledgerLines().count) == atKill.count + secondFills.count },
            "the new exchange's \(secondFills.count) fills are not all booked: \(restarted.stderr)")
        restarted.send(SIGTERM)
        #expect(await restarted.exitStatus(within: 15) == 0, "\(restarted.stderr)")
        #expect(try second.openOrders(of: account).isEmpty)
        let secondIDs = Set(try second.orders(of: account).compactMap { $0["id"] as? Int })
        #expect(secondIDs.isDisjoint(with: firstIDs), "the new exchange reused order ids \(secondIDs.intersection(firstIDs).sorted())")
        let lines = try workspace.ledgerLines().map(DaemonWorkspace.fill)
        #expect(Array(lines.prefix(atKill.count)) == atKill && atKill.allSatisfy(firstFills.contains))
        #expect(lines.dropFirst(atKill.count).sorted { $0.lexicographicallyPrecedes($1) } == secondFills)
        let verify = try await TickworkProcess.run(["ledger", "verify", workspace.ledger])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        print("""
            soak, exchange restart: old exchange \(firstFills.count) fills of the account (\(atKill.count) booked before \
            the kill, \(firstFills.count - atKill.count) after it, lost with its memory), new exchange \(secondFills.count) \
            fills, ledger \(lines.count) lines
            """)
    }
}
