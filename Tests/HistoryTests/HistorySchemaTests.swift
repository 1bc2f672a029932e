import Foundation
import StrategyKit
import Testing

@testable import History

@Suite("History: schema, errors, read-only", .timeLimit(.minutes(10)))
struct HistorySchemaTests {
    @Test("a version 1 database with fills migrates to the current version, its fills kept")
    func migratesForward() throws {
        let sample = try SampleHistory()
        do {
            let old = try HistoryDatabase(path: sample.database, schemaVersion: 1)
            #expect(try old.userVersion() == 1)
            try old.append(sample.entries)
        }
        let droppedIndexes = "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN ('fills_by_time', 'fills_by_strategy_time')"
        #expect(try HistoryDatabase.readOnly(path: sample.database).rows(of: droppedIndexes).rows == [[.integer(2)]])
        let current = try HistoryDatabase(path: sample.database)
        #expect(try current.userVersion() == HistorySchema.currentVersion)
        #expect(try current.fills().map(\.sequence) == [1, 2, 3, 4, 5, 6])
        // Migrations 3 and 4 dropped the indexes on time alone and on strategy; queries by time
        // and by strategy still find their fills.
        #expect(try current.rows(of: droppedIndexes).rows == [[.integer(0)]])
        #expect(try current.fills(HistoryFilter(since: Timestamp(nanoseconds: dayOne + oneDay))).map(\.sequence) == [4, 5, 6])
        #expect(try current.fills(HistoryFilter(strategy: "mo")).map(\.sequence) == [4, 5])
        try current.record(
            HistoryStateChange(time: .zero, scope: "account", from: "active", to: "halted", code: "RISK_MANUAL", limit: nil, actual: nil))
        #expect(try current.stateChanges().count == 1)
    }

    @Test("a database from a newer schema is refused, for writing and for reading")
    func newerRefused() throws {
        let sample = try SampleHistory()
        do {
            let database = try HistoryDatabase(path: sample.database)
            try database.connection.execute("PRAGMA user_version = 99", during: .migrate(version: 99))
        }
        let expected = HistoryError.schemaTooNew(path: sample.database, found: 99, supported: HistorySchema.currentVersion)
        #expect(throws: expected) { try HistoryDatabase(path: sample.database) }
        #expect(throws: expected) { try HistoryDatabase.readOnly(path: sample.database) }
        #expect(expected.description.contains("schema version 99, newer than this tickwork's \(HistorySchema.currentVersion)"))
    }

    @Test("a database in another price unit is refused")
    func otherUnitRefused() throws {
        let sample = try SampleHistory()
        do {
            let database = try HistoryDatabase(path: sample.database)
            try database.connection.execute("UPDATE meta SET value = 2 WHERE key = 'price_decimal_places'", during: .query("test"))
        }
        #expect(throws: HistoryError.unitMismatch(path: sample.database, found: 2, expected: 4)) {
            try HistoryDatabase(path: sample.database)
        }
    }

    @Test("a file that is not a database is corrupt, found at open")
    func corruptNamesOperation() throws {
        let sample = try SampleHistory()
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: sample.database))
        do {
            _ = try HistoryDatabase(path: sample.database)
            Issue.record("opened a file of 'A's")
        } catch {
            guard case .corrupt(let path, let operation, _, let code) = error else {
                Issue.record("expected .corrupt, got \(error)")
                return
            }
            #expect(path == sample.database)
            #expect(operation == "open")
            #expect(code == 26)
            #expect(error.description.contains("run `tickwork history rebuild`"))
        }
    }

    @Test("errors name the operation and carry SQLite's message and code")
    func errorsNameOperation() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        #expect(throws: HistoryError.open(path: sample.directory.file("none/x.sqlite"), message: "unable to open database file", code: 14)) {
            try HistoryDatabase(path: sample.directory.file("none/x.sqlite"))
        }
        do {
            _ = try database.rows(of: "SELECT nope FROM fills")
            Issue.record("ran a query on a missing column")
        } catch {
            #expect(error == .query(operation: "sql", message: "no such column: nope", code: 1))
            #expect(error.description == "history query sql failed: no such column: nope (SQLite code 1)")
        }
        // A second order with a side the schema refuses: the insert names its table.
        do {
            try database.connection.execute("INSERT INTO denials(time_ns) VALUES (1)", during: .insert(table: "denials"))
            Issue.record("inserted a denial without its fields")
        } catch {
            guard case .insert(let table, let message, _) = error else {
                Issue.record("expected .insert, got \(error)")
                return
            }
            #expect(table == "denials")
            #expect(message.contains("NOT NULL"))
        }
    }

    @Test("history sql reads, and refuses every statement that writes")
    func sqlReadOnly() throws {
        let sample = try SampleHistory()
        do {
            let database = try HistoryDatabase(path: sample.database)
            try database.append(sample.entries)
        }
        let reader = try HistoryDatabase.readOnly(path: sample.database)
        let result = try reader.rows(of: "SELECT symbol, count(*) AS n, sum(price_units * qty_shares) FROM fills GROUP BY symbol ORDER BY symbol")
        #expect(result.columns == ["symbol", "n", "sum(price_units * qty_shares)"])
        #expect(result.rows == [[.text("BARBAZ"), .integer(2), .integer(1_950_000)], [.text("FOOBAR"), .integer(4), .integer(10_620_000)]])
        for sql in ["DELETE FROM fills", "UPDATE fills SET qty_shares = 0", "DROP TABLE fills", "CREATE TABLE x(a)", "PRAGMA user_version = 7"] {
            #expect(throws: HistoryError.self, "\(sql)") { try reader.rows(of: sql) }
        }
        #expect(try reader.userVersion() == HistorySchema.currentVersion)
        #expect(try reader.fills().count == 6)
        // The connection itself is read-only: even our own statements cannot write through it.
        #expect(throws: HistoryError.self) {
            try reader.connection.execute("DELETE FROM fills", during: .query("test"))
        }
        #expect(try reader.fills().count == 6)
    }
}

@Suite("History: read-only open of what is not a history", .timeLimit(.minutes(10)))
struct HistoryReadOnlyOpenTests {
    @Test("an empty SQLite file is refused read-only, naming it, not read as an empty history")
    func emptyRefused() throws {
        let sample = try SampleHistory()
        #expect(FileManager.default.createFile(atPath: sample.database, contents: Data()))
        #expect(throws: HistoryError.open(path: sample.database, message: "not a history database (schema version 0)", code: 0)) {
            try HistoryDatabase.readOnly(path: sample.database)
        }
    }
}
