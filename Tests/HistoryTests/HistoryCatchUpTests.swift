import Foundation
import Ledger
import StrategyKit
import Testing
import TestSupport

@testable import History

@Suite("History: catch-up from the ledger", .timeLimit(.minutes(10)))
struct HistoryCatchUpTests {
    @Test("catch-up adds the ledger past the last sequence held; twice gives the same rows")
    func incremental() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        #expect(try HistoryCatchUp.run(database, ledger: sample.ledger, batchSize: 4) == 6)
        #expect(try HistoryCatchUp.run(database, ledger: sample.ledger) == 0)
        try appendToLedger(at: sample.ledger, [makeFill(order: 9, .sell, 1, at: 5300, time: dayOne + 2 * oneDay)])
        #expect(try HistoryCatchUp.run(database, ledger: sample.ledger) == 1)
        let fills = try database.fills()
        #expect(fills.map(\.sequence) == Array(1...7))
        #expect(fills.last?.realized == Money(cents: 5300 - 5200))
        let rebuilt = try HistoryDatabase(path: sample.directory.file("second.sqlite"))
        try HistoryCatchUp.run(rebuilt, ledger: sample.ledger, batchSize: 1)
        #expect(try rebuilt.fills() == fills)
        #expect(try rebuilt.pnl(by: .day) == database.pnl(by: .day))
    }

    @Test("into an empty database the fills' indexes are made after the rows; one left without them is mended at open")
    func fillIndexesMadeAfterTheRows() throws {
        let sample = try SampleHistory()
        let indexes = "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'fills' AND sql IS NOT NULL ORDER BY name"
        let expected: [[SQLiteValue]] = HistorySchema.fillIndexes.map(\.name).sorted().map { [.text($0)] }
        let database = try HistoryDatabase(path: sample.database)
        #expect(try HistoryCatchUp.run(database, ledger: sample.ledger, batchSize: 4) == 6)
        #expect(try database.rows(of: indexes).rows == expected)
        // As a catch-up killed between its rows and its indexes leaves the file.
        try database.dropFillIndexes()
        #expect(try database.rows(of: indexes).rows.isEmpty)
        let reopened = try HistoryDatabase(path: sample.database)
        #expect(try reopened.rows(of: indexes).rows == expected)
        #expect(try reopened.fills().map(\.sequence) == Array(1...6))
    }

    @Test("a database ahead of its ledger, or from another ledger, is a mismatch; open rebuilds it")
    func mismatchRebuilt() throws {
        let sample = try SampleHistory()
        do {
            let database = try HistoryDatabase(path: sample.database)
            try HistoryCatchUp.run(database, ledger: sample.ledger)
        }
        let other = sample.directory.file("other.jsonl")
        try appendToLedger(at: other, Array(sampleFills().prefix(3)))
        do {
            let database = try HistoryDatabase(path: sample.database)
            try HistoryCatchUp.run(database, ledger: other)
            Issue.record("caught a database with six fills up from a ledger of three")
        } catch {
            guard case .ledgerMismatch(_, _, let detail) = error else {
                Issue.record("expected .ledgerMismatch, got \(error)")
                return
            }
            #expect(detail.contains("sequence 6, past the ledger's end"))
        }
        var lines: [String] = []
        let reopened = try HistoryCatchUp.open(path: sample.database, ledger: other) { lines.append($0) }
        #expect(try reopened.fills().map(\.sequence) == [1, 2, 3])
        #expect(lines.count == 1)
        #expect(lines.first?.hasSuffix("rebuilding it from the ledger") == true)
    }

    @Test("a corrupt database is rebuilt from the ledger and kept beside, each said in a line; a missing one is made")
    func corruptRebuilt() throws {
        let sample = try SampleHistory()
        var lines: [String] = []
        do {
            let made = try HistoryCatchUp.open(path: sample.database, ledger: sample.ledger) { lines.append($0) }
            #expect(try made.fills().count == 6)
            #expect(lines.isEmpty)
        }
        let corrupt = Data(repeating: 0x41, count: 8192)
        try corrupt.write(to: URL(fileURLWithPath: sample.database))
        let rebuilt = try HistoryCatchUp.open(path: sample.database, ledger: sample.ledger) { lines.append($0) }
        #expect(try rebuilt.fills().map(\.fill) == sample.entries.map(\.fill))
        #expect(lines.count == 2)
        #expect(lines.first?.contains("is corrupt") == true)
        // Its orders, denials and trading states cannot be read: the old file is kept, as it was.
        let kept = try #require(lines.last?.split(separator: " ").last.map(String.init), "\(lines)")
        #expect(kept.hasPrefix(sample.database + ".before-rebuild-"))
        #expect(FileManager.default.contents(atPath: kept) == corrupt)
    }

    @Test("a rebuild leaves nothing beside the database; a failed one removes what it built and leaves the old file")
    func rebuildLeavesNothingBeside() throws {
        let sample = try SampleHistory()
        #expect(try HistoryCatchUp.rebuild(path: sample.database, ledger: sample.ledger) { Issue.record("reported \($0)") } == 6)
        let leftBeside = { () -> [String] in
            try FileManager.default.contentsOfDirectory(atPath: sample.directory.path).filter { $0.contains(".rebuild") }
        }
        #expect(try leftBeside().isEmpty)
        #expect(try HistoryDatabase.readOnly(path: sample.database).fills().map(\.fill) == sample.entries.map(\.fill))
        // A ledger whose second line is damaged: the rebuild fails part way.
        let damaged = sample.directory.file("damaged.jsonl")
        var lines = try String(contentsOfFile: sample.ledger, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        lines[1] = lines[1].replacingOccurrences(of: "\"qty\"", with: "\"qtx\"")[...]
        try lines.joined(separator: "\n").write(toFile: damaged, atomically: true, encoding: .utf8)
        #expect(throws: HistoryError.self) { try HistoryCatchUp.rebuild(path: sample.database, ledger: damaged) { Issue.record("reported \($0)") } }
        #expect(try leftBeside().isEmpty)
        #expect(try HistoryDatabase.readOnly(path: sample.database).fills().count == 6)
    }

    /// Records an order, a denial and a trading-state change in `database`: the order flow,
    /// which only the history holds.
    static func recordOrderFlow(in database: HistoryDatabase) throws {
        try database.record(
            HistoryOrder(
                clientID: "c1@1", venueOrderID: 1, venue: testVenue, strategy: "mm", symbol: "FOOBAR", side: .buy, type: .limit,
                price: Price(cents: 5000), quantity: Quantity(shares: 10), sent: Timestamp(nanoseconds: dayOne), state: "filled"))
        try database.record(
            HistoryDenial(
                time: Timestamp(nanoseconds: dayOne + 1), strategy: "mm", symbol: "FOOBAR", side: .buy, type: .limit,
                price: Price(cents: 5000), quantity: Quantity(shares: 500), code: "RISK_MAX_POSITION", limit: 100, actual: 510,
                message: "position would be 510 shares, limit 100"))
        try database.record(
            HistoryStateChange(
                time: Timestamp(nanoseconds: dayOne + 2), scope: "strategy mm", from: "active", to: "halted", code: "RISK_MAX_LOSS",
                limit: Money(cents: 100_000), actual: Money(cents: 100_050)))
    }

    /// The order flow `recordOrderFlow` wrote, as `database` holds it.
    static func orderFlow(in database: HistoryDatabase) throws -> [String] {
        try database.orders().map(\.clientID) + database.denials().map(\.code) + database.stateChanges().map(\.to)
    }

    @Test("a rebuild, asked for or for a database that does not match the ledger, keeps the orders, denials and trading states")
    func rebuildKeepsTheOrderFlow() throws {
        let sample = try SampleHistory()
        let expected = ["c1@1", "RISK_MAX_POSITION", "halted"]
        do {
            let database = try HistoryDatabase(path: sample.database)
            try HistoryCatchUp.run(database, ledger: sample.ledger)
            try Self.recordOrderFlow(in: database)
            #expect(try Self.orderFlow(in: database) == expected)
        }
        #expect(try HistoryCatchUp.rebuild(path: sample.database, ledger: sample.ledger) { Issue.record("reported \($0)") } == 6)
        #expect(try Self.orderFlow(in: HistoryDatabase.readOnly(path: sample.database)) == expected)
        let other = sample.directory.file("other.jsonl")
        try appendToLedger(at: other, Array(sampleFills().prefix(3)))
        var lines: [String] = []
        let reopened = try HistoryCatchUp.open(path: sample.database, ledger: other) { lines.append($0) }
        #expect(lines.count == 1)
        #expect(try reopened.fills().map(\.sequence) == [1, 2, 3])
        #expect(try Self.orderFlow(in: reopened) == expected)
    }

    @Test("a missing ledger is an error naming it")
    func missingLedger() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        let missing = sample.directory.file("none.jsonl")
        do {
            try HistoryCatchUp.run(database, ledger: missing)
            Issue.record("caught up from a missing ledger")
        } catch {
            guard case .ledger(let path, _) = error else {
                Issue.record("expected .ledger, got \(error)")
                return
            }
            #expect(path == missing)
        }
    }
}
