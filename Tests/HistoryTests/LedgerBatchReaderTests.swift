import Foundation
import Ledger
import StrategyKit
import Testing

@testable import History

/// The catch-up's read-ahead: the ledger's entries in batches from its own thread.
@Suite("History: the ledger read ahead in batches", .timeLimit(.minutes(5)))
struct LedgerBatchReaderTests {
    @Test("the entries from a sequence number on, in order, in batches of the size asked, the last one short")
    func batchesInOrder() throws {
        let sample = try SampleHistory()
        let reader = LedgerBatchReader(path: sample.ledger, from: 2, batchSize: 2, depth: 1)
        defer { reader.finish() }
        var batches: [[UInt64]] = []
        while let batch = try reader.next() {
            batches.append(batch.map(\.sequence))
            reader.recycle(batch)
        }
        #expect(batches == [[2, 3], [4, 5], [6]])
        #expect(try reader.next() == nil)
    }

    @Test("a bad line part way: the whole batches before it, then the ledger's error")
    func badLineAfterGoodBatches() throws {
        let sample = try SampleHistory()
        var text = try String(contentsOfFile: sample.ledger, encoding: .utf8)
        // Line 5 of 6 loses its checksum's last digit: not a torn tail, as a line follows it.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        lines[4] = lines[4].replacingOccurrences(of: "\"}", with: "x\"}")[...]
        text = lines.joined(separator: "\n")
        try text.write(toFile: sample.ledger, atomically: true, encoding: .utf8)
        let reader = LedgerBatchReader(path: sample.ledger, from: 1, batchSize: 2)
        defer { reader.finish() }
        #expect(try reader.next()?.map(\.sequence) == [1, 2])
        #expect(try reader.next()?.map(\.sequence) == [3, 4])
        #expect(throws: LedgerError.self) { try reader.next() }

        let database = try HistoryDatabase(path: sample.database)
        #expect(throws: HistoryError.self) { try HistoryCatchUp.run(database, ledger: sample.ledger, batchSize: 2) }
        #expect(try database.lastSequence() == 4, "the batches before the bad line are kept")
    }

    @Test("finish stops the reader part way and waits for its thread; nothing more is handed on")
    func finishPartWay() throws {
        let sample = try SampleHistory()
        let reader = LedgerBatchReader(path: sample.ledger, from: 1, batchSize: 1, depth: 1)
        #expect(try reader.next()?.map(\.sequence) == [1])
        reader.finish()
        #expect(try reader.next() == nil)
    }

    @Test("a catch-up sets SQLite's page cache larger while it runs, and back after")
    func cacheSetBack() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        let cacheSize = { () throws -> Int64 in
            let statement = try database.connection.statement("PRAGMA cache_size", during: .query("test"))
            return try statement.step() ? statement.int64(0) : 0
        }
        let before = try cacheSize()
        var inside: Int64 = 0
        try database.withCache(kibibytes: 4_096) { () throws(HistoryError) in inside = (try? cacheSize()) ?? 0 }
        #expect(inside == -4_096)
        #expect(try cacheSize() == before)
        #expect(throws: HistoryError.self) {
            try database.withCache(kibibytes: 4_096) { () throws(HistoryError) in throw .busy(operation: "test", message: "", code: 5) }
        }
        #expect(try cacheSize() == before)
        try HistoryCatchUp.run(database, ledger: sample.ledger)
        #expect(try cacheSize() == before)
    }
}
