import Foundation
import History
import Ledger
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The history's catch-up killed with SIGKILL part way, then run again.
@Suite(.processHeavy, .timeLimit(.minutes(15))) struct HistoryCrashTests {
    @Test func aCatchUpKilledPartWayThenRunAgainHoldsExactlyTheLedger() async throws {
        let scratch = try TemporaryDirectory("tickwork-history-crash")
        let ledgerPath = scratch.file("fills.jsonl")
        let configuration = scratch.file("tickwork.json")
        let text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
            .replacingOccurrences(of: "\"path\": \"tickwork-ledger.jsonl\"", with: "\"path\": \"fills.jsonl\"")
        try text.write(toFile: configuration, atomically: true, encoding: .utf8)
        // The figure is 1,000,000 fills (TICKWORK_HISTORY_CRASH_FILLS=1000000): 174 s in
        // a debug build on a shared 2-core machine, most of it the debug binary's own catch-up;
        // the default, 200,000, takes 41 s there, within the debug suite's time.
        let count = Int(ProcessInfo.processInfo.environment["TICKWORK_HISTORY_CRASH_FILLS"] ?? "") ?? 200_000
        let symbols: [Symbol] = ["AAA", "BBB", "CCC"]
        var oracle = HistoryLedgerOracle()
        func append(_ range: Range<Int>, durability: LedgerDurability) throws {
            let ledger = try LedgerWriter(path: ledgerPath, venue: "TESTEX", account: "EXB123456", durability: durability)
            for number in range {
                let outcome = try ledger.append(Fill(
                    venue: "TESTEX", account: "EXB123456", symbol: symbols[number % 3], orderID: OrderID(Int64(number)), index: 0,
                    side: number / 7 % 2 == 0 ? .buy : .sell, price: Price(cents: 5000 + Int64(number % 41)),
                    qty: Quantity(shares: Int64(number % 5 + 1)),
                    time: Timestamp(nanoseconds: 1_796_083_200_000_000_000 + Int64(number) * 1_000_000_000),
                    strategyID: number % 2 == 0 ? "mm" : "mo"))
                guard case .appended(let entry, _) = outcome else { preconditionFailure("fill \(number) is new") }
                oracle.add(entry)
            }
            try ledger.close()
        }
        // A database that holds the first fills, so that the catch-up below extends it in place.
        try append(0..<10, durability: .never)
        let first = try await TickworkProcess.run(["history", "fills", "--config", configuration, "--limit", "1", "--csv"])
        #expect(first.status == 0)
        // The rest written in chunks with one sync at the end (the group commit never due
        // before), rather than one write(2) a line: the ledger is the same.
        try append(10..<count, durability: .batch(maxDelay: .seconds(3600), maxFills: Int.max))

        let database = scratch.file("fills.history.sqlite")
        let catchUp = try SpawnedProcess(["history", "fills", "--config", configuration, "--limit", "1", "--csv"])
        let lastSeen = { () -> UInt64 in (try? HistoryDatabase.readOnly(path: database).lastSequence()) ?? 0 }
        let midway = await catchUp.wait(upTo: 300) { lastSeen() >= UInt64(count / 10) }
        catchUp.send(SIGKILL)
        #expect(await catchUp.exitStatus(within: 10) == -SIGKILL)
        let atKill = lastSeen()
        #expect(midway)
        #expect(atKill < UInt64(count), "the catch-up ended before it was killed")

        let again = try await TickworkProcess.run(["history", "fills", "--config", configuration, "--limit", "1", "--csv"], timeout: 1200)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.isEmpty, "a killed catch-up needs no rebuild")

        // Exactly the ledger: every sequence once, every field, every thousandth checksum, and
        // the summaries, each against what the appended entries add up to.
        let caught = try HistoryDatabase.readOnly(path: database)
        #expect(try caught.rows(of: HistoryLedgerOracle.digestQuery).rows == [oracle.digest])
        #expect(try caught.rows(of: "SELECT seq, checksum FROM fills WHERE seq % 1000 = 0 ORDER BY seq").rows == oracle.sampledChecksums)
        for grouping in HistoryGrouping.allCases {
            #expect(try caught.pnl(by: grouping) == oracle.pnl(by: grouping))
        }
    }
}
