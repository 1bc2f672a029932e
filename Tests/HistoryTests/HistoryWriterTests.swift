import Foundation
import Glibc
import Ledger
import StrategyKit
import Synchronization
import Testing
import TestSupport

@testable import History

@Suite("History: the daemon's writer", .timeLimit(.minutes(10)))
struct HistoryWriterTests {
    /// Waits, bounded, until `condition` holds; false when it never did.
    func eventually(_ condition: () throws -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(300)
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            try await Task.sleep(for: .milliseconds(10))
        }
        return try condition()
    }

    @Test("the writer catches up at start, then adds each entry once durable, and stops when cancelled")
    func followsDurableEntries() async throws {
        let sample = try SampleHistory()
        let durable = Atomic<UInt64>(6)
        let reports = Mutex<[String]>([])
        let writer = HistoryWriter(
            path: sample.database, ledger: sample.ledger, interval: .milliseconds(5),
            durableSequence: { durable.load(ordering: .relaxed) }, report: { line in reports.withLock { $0.append(line) } })
        let task = Task { await writer.run() }
        let reader = { () throws -> UInt64 in
            guard FileManager.default.fileExists(atPath: sample.database) else { return 0 }
            return try HistoryDatabase.readOnly(path: sample.database).lastSequence()
        }
        #expect(try await eventually { try reader() == 6 })
        let more = (0..<4).map { makeFill(order: 10 + Int64($0), .buy, 1, at: 5000, time: dayOne + 10_000 + Int64($0)) }
        try appendToLedger(at: sample.ledger, more)
        durable.store(8, ordering: .relaxed)
        #expect(try await eventually { try reader() == 8 })
        // Entries 9 and 10 are written but not durable: the history waits for them.
        #expect(try reader() == 8)
        durable.store(10, ordering: .relaxed)
        #expect(try await eventually { try reader() == 10 })
        task.cancel()
        await task.value
        let fills = try HistoryDatabase.readOnly(path: sample.database).fills()
        #expect(fills.map(\.fill) == sample.entries.map(\.fill) + more)
        #expect(reports.withLock { $0 }.isEmpty)
    }

    @Test("a reader reads the WAL database while the writer appends, never blocked, never seeing a half batch")
    func readersBesideTheWriter() async throws {
        let sample = try SampleHistory()
        let reports = Mutex<[String]>([])
        let writer = HistoryWriter(
            path: sample.database, ledger: sample.ledger, interval: .milliseconds(1), durableSequence: { .max },
            report: { line in reports.withLock { $0.append(line) } })
        let task = Task { await writer.run() }
        #expect(try await eventually { FileManager.default.fileExists(atPath: sample.database) })
        let appenderFailure = Mutex<String?>(nil)
        let appender = Task.detached {
            do {
                for batch in 0..<20 {
                    let fills = (0..<100).map { makeFill(order: 100 + Int64(batch * 100 + $0), .buy, 1, at: 5000, time: dayOne + 10_000 + Int64(batch * 100 + $0)) }
                    try appendToLedger(at: sample.ledger, fills)
                }
            } catch {
                appenderFailure.withLock { $0 = "\(error)" }
            }
        }
        var seen: [UInt64] = []
        // Bounded: a writer that stopped ends the wait with what it said, and an appender that
        // failed ends it at once, rather than at the suite's time limit.
        let deadline = ContinuousClock.now + .seconds(300)
        while seen.last != 2006 {
            if let failure = appenderFailure.withLock({ $0 }) {
                Issue.record("the appender failed at \(seen.last ?? 0) of 2006 fills: \(failure)")
                break
            }
            guard ContinuousClock.now < deadline else {
                Issue.record("the writer reached \(seen.last ?? 0) of 2006 fills; it reported \(reports.withLock { $0 })")
                break
            }
            let reader = try HistoryDatabase.readOnly(path: sample.database)
            // What a reader sees is a prefix of the ledger: every sequence up to the last. One
            // statement, so that both come from one snapshot (two would see two commits).
            let snapshot = try reader.rows(of: "SELECT count(*), coalesce(max(seq), 0) FROM fills").rows
            guard case .integer(let count) = snapshot.first?.first, case .integer(let lastValue) = snapshot.first?.last else {
                Issue.record("no count and last sequence: \(snapshot)")
                break
            }
            #expect(count == lastValue)
            let last = UInt64(lastValue)
            if seen.last != last { seen.append(last) }
            if seen.count > 1, seen[seen.count - 2] > last { Issue.record("the last sequence went back: \(seen)") }
            try await Task.sleep(for: .milliseconds(2))
        }
        await appender.value
        task.cancel()
        await task.value
        #expect(try HistoryDatabase.readOnly(path: sample.database).fills().count == 2006)
    }

    @Test("while the writer runs, a rebuild is refused naming its process, and a catch-up reads the database as it is")
    func rebuildRefusedBesideTheWriter() async throws {
        let sample = try SampleHistory()
        do {
            let database = try HistoryDatabase(path: sample.database)
            try HistoryCatchUpTests.recordOrderFlow(in: database)
        }
        var before = stat()
        #expect(stat(sample.database, &before) == 0)
        let reports = Mutex<[String]>([])
        let writer = HistoryWriter(
            path: sample.database, ledger: sample.ledger, interval: .milliseconds(5), durableSequence: { .max },
            report: { line in reports.withLock { $0.append(line) } })
        let task = Task { await writer.run() }
        #expect(try await eventually { try HistoryDatabase.readOnly(path: sample.database).lastSequence() == 6 })
        do {
            try HistoryCatchUp.rebuild(path: sample.database, ledger: sample.ledger) { Issue.record("reported \($0)") }
            Issue.record("rebuilt the database under its running writer")
        } catch {
            #expect("\(error)".contains("pid \(getpid())"), "\(error)")
            #expect(!"\(error)".contains("\n"))
        }
        // A ledger the database does not match: with its writer running, it is read as it is.
        let other = sample.directory.file("other.jsonl")
        try appendToLedger(at: other, Array(sampleFills().prefix(3)))
        var lines: [String] = []
        let opened = try HistoryCatchUp.open(path: sample.database, ledger: other) { lines.append($0) }
        #expect(try opened.fills().count == 6)
        #expect(try HistoryCatchUpTests.orderFlow(in: opened) == ["c1@1", "RISK_MAX_POSITION", "halted"])
        var after = stat()
        #expect(stat(sample.database, &after) == 0)
        #expect(after.st_ino == before.st_ino)
        task.cancel()
        await task.value
        #expect(reports.withLock { $0 }.isEmpty)
    }

    @Test("a writer that finds the lock held says who holds it once, and writes once it is let go")
    func writerWaitsForTheLock() async throws {
        let sample = try SampleHistory()
        var lock: HistoryLock? = try HistoryLock(database: sample.database, holder: "a rebuild by tickwork")
        let reports = Mutex<[String]>([])
        let writer = HistoryWriter(
            path: sample.database, ledger: sample.ledger, interval: .milliseconds(5), durableSequence: { .max },
            report: { line in reports.withLock { $0.append(line) } })
        let task = Task { await writer.run() }
        #expect(try await eventually { !reports.withLock { $0 }.isEmpty })
        #expect(reports.withLock { $0 } == ["history database \(sample.database) is in use by a rebuild by tickwork (pid \(getpid())); the history is written once it has stopped"])
        #expect(!FileManager.default.fileExists(atPath: sample.database))
        lock = nil
        #expect(try await eventually {
            guard FileManager.default.fileExists(atPath: sample.database) else { return false }
            return try HistoryDatabase.readOnly(path: sample.database).lastSequence() == 6
        })
        task.cancel()
        await task.value
        #expect(reports.withLock { $0 }.count == 1)
        _ = lock
    }

    @Test("a failure of the history is reported and ends the writing, not the service's caller")
    func failureReported() async throws {
        let sample = try SampleHistory()
        let reports = Mutex<[String]>([])
        let writer = HistoryWriter(
            path: sample.directory.file("no/such/dir/h.sqlite"), ledger: sample.ledger, durableSequence: { .max },
            report: { line in reports.withLock { $0.append(line) } })
        await writer.run()
        let lines = reports.withLock { $0 }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("cannot open history database") == true)
    }
}
