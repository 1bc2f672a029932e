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
@Suite(.timeLimit(.minutes(15))) struct HistoryCrashTests {
    @Test func aCatchUpKilledPartWayThenRunAgainHoldsExactlyTheLedger() throws {
        let scratch = try TemporaryDirectory("tickwork-history-crash")
        let ledgerPath = scratch.file("fills.jsonl")
        let configuration = scratch.file("tickwork.json")
        let text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
            .replacingOccurrences(of: "\"path\": \"tickwork-ledger.jsonl\"", with: "\"path\": \"fills.jsonl\"")
        try text.write(toFile: configuration, atomically: true, encoding: .utf8)
        // The figure is 1,000,000 fills (TICKWORK_HISTORY_CRASH_FILLS=1000000); the
        // default keeps the debug suite's run within its time limit on a shared machine.
        let count = Int(ProcessInfo.processInfo.environment["TICKWORK_HISTORY_CRASH_FILLS"] ?? "") ?? 200_000
        let symbols: [Symbol] = ["AAA", "BBB", "CCC"]
        let ledger = try Ledger(path: ledgerPath, venue: "TESTEX", account: "EXB123456", durability: .never)
        func append(_ range: Range<Int>) throws {
            for number in range {
                _ = try ledger.append(Fill(
                    venue: "TESTEX", account: "EXB123456", symbol: symbols[number % 3], orderID: OrderID(Int64(number)), index: 0,
                    side: number / 7 % 2 == 0 ? .buy : .sell, price: Price(cents: 5000 + Int64(number % 41)),
                    qty: Quantity(shares: Int64(number % 5 + 1)),
                    time: Timestamp(nanoseconds: 1_796_083_200_000_000_000 + Int64(number) * 1_000_000_000),
                    strategyID: number % 2 == 0 ? "mm" : "mo"))
            }
        }
        // A database that holds the first fills, so that the catch-up below extends it in place.
        try append(0..<10)
        let first = try TickworkProcess.run(["history", "fills", "--config", configuration, "--limit", "1", "--csv"])
        #expect(first.status == 0)
        try append(10..<count)
        try ledger.close()

        let database = scratch.file("fills.history.sqlite")
        let catchUp = try SpawnedProcess(["history", "fills", "--config", configuration, "--limit", "1", "--csv"])
        let lastSeen = { () -> UInt64 in (try? HistoryDatabase.readOnly(path: database).lastSequence()) ?? 0 }
        let midway = catchUp.wait(upTo: 300) { lastSeen() > UInt64(count / 10) }
        catchUp.send(SIGKILL)
        #expect(catchUp.exitStatus(within: 10) == -SIGKILL)
        let atKill = lastSeen()
        #expect(midway)
        #expect(atKill < UInt64(count), "the catch-up ended before it was killed")

        let again = try TickworkProcess.run(["history", "fills", "--config", configuration, "--limit", "1", "--csv"], timeout: 1200)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stderr.isEmpty, "a killed catch-up needs no rebuild")

        // Exactly the ledger: every sequence once, every field, the same summaries as a database
        // made from scratch.
        let fresh = scratch.file("fresh.sqlite")
        try HistoryCatchUp.rebuild(path: fresh, ledger: ledgerPath)
        let caught = try HistoryDatabase.readOnly(path: database)
        let rebuilt = try HistoryDatabase.readOnly(path: fresh)
        let digest = """
            SELECT count(*), count(DISTINCT seq), min(seq), max(seq), sum(seq * price_units), sum(seq * qty_shares),
                sum(seq * time_ns % 1000003), sum(seq * order_id), sum(seq * realized_units), sum(seq * position_after_shares),
                sum(seq * length(checksum)), group_concat(DISTINCT symbol), sum(CASE side WHEN 'buy' THEN seq ELSE 0 END)
            FROM fills
            """
        let digestCaught = try caught.rows(of: digest).rows
        #expect(digestCaught.first?.prefix(4) == [.integer(Int64(count)), .integer(Int64(count)), .integer(1), .integer(Int64(count))])
        #expect(digestCaught == (try rebuilt.rows(of: digest).rows))
        // Every thousandth line's checksum, against the ledger's own.
        var sampled: [[SQLiteValue]] = []
        var sequenceDigest: Int64 = 0
        try LedgerReader.forEach(in: ledgerPath) { entry in
            sequenceDigest &+= Int64(entry.sequence) &* entry.fill.price.units
            if entry.sequence % 1000 == 0 { sampled.append([.integer(Int64(entry.sequence)), .text(entry.checksum.description)]) }
        }
        #expect(digestCaught.first?[4] == .integer(sequenceDigest))
        #expect(try caught.rows(of: "SELECT seq, checksum FROM fills WHERE seq % 1000 = 0 ORDER BY seq").rows == sampled)
        for grouping in HistoryGrouping.allCases {
            #expect(try caught.pnl(by: grouping) == rebuilt.pnl(by: grouping))
        }
    }
}
