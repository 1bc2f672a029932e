import Foundation
import Glibc
import Ledger
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct LedgerWriterTests {
    @Test func appendingAFillTheLedgerHoldsWritesNothingAndSaysWhere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount)
        let fill = makeFill(order: 7, index: 2, .buy, 10, at: 5100)
        guard case .appended(let entry, let durable) = try ledger.append(fill) else {
            Issue.record("first append was not written")
            return
        }
        #expect(entry.sequence == 1)
        #expect(durable)
        let size = try contents(of: directory.file()).count
        #expect(try ledger.append(fill) == .alreadyRecorded(sequence: 1))
        var retimed = fill
        retimed.time = retimed.time.advanced(byMilliseconds: 5)
        #expect(try ledger.append(retimed, reconciled: true) == .alreadyRecorded(sequence: 1))
        #expect(try contents(of: directory.file()).count == size)
        #expect(ledger.contains(fill.id))
        try ledger.close()

        let reopened = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount)
        defer { try? reopened.close() }
        #expect(try reopened.append(fill) == .alreadyRecorded(sequence: 1))
        #expect(reopened.state.entryCount == 1)
    }

    @Test func createsTheFileWithMode0640AndItsMissingDirectories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = "\(directory.path)/a/b/fills.jsonl"
        let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount)
        try ledger.close()
        var info = stat()
        #expect(stat(path, &info) == 0)
        // Owner writes, the group (the operators) reads, others nothing; the umask can only narrow it.
        #expect(info.st_mode & 0o777 == 0o640 & ~currentUmask())
        #expect(try contents(of: path).isEmpty)
    }

    @Test func writesTheLineDocumentedInTheFormat() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        let fill = makeFill(order: 42, .buy, 10, at: 5100, symbol: "FOOBAR", strategy: "mm-foobar", time: 1_764_400_000_123_456_789)
        _ = try ledger.append(fill)
        try ledger.close()
        let expectedBody = #"{"v":2,"seq":1,"time":1764400000123456789,"iso":"2025-11-29T07:06:40.123456789Z","venue":"TESTEX","#
            + #""account":"EXB123456","symbol":"FOOBAR","order":42,"index":0,"side":"buy","price":510000,"qty":10,"#
            + #""strategy":"mm-foobar","reconciled":false,"position":10,"cash":-5100000,"realized":0,"#
            + #""prev":"0000000000000000""#
        let sum = LedgerChecksum(of: Array(expectedBody.utf8))
        let line = String(decoding: try contents(of: directory.file()), as: UTF8.self)
        #expect(line == expectedBody + #","sum":"\#(sum)"}"# + "\n")
    }

    @Test func eachChecksumChainsThePreviousOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let entries = try writeLedger(at: directory.file(), count: 3)
        #expect(entries[0].previousChecksum == .origin)
        #expect(entries[1].previousChecksum == entries[0].checksum)
        #expect(entries[2].previousChecksum == entries[1].checksum)
        #expect(try LedgerReader.entries(in: directory.file()) == entries)
    }

    @Test func refusesAFillOfAnotherVenueOrAccount() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        defer { try? ledger.close() }
        var fill = makeFill(order: 1, .buy, 10, at: 5100)
        fill.account = "OTHER"
        #expect(throws: LedgerError.unrecordable(fill.id, .foreignLine(venue: testVenue, account: "OTHER"))) {
            try ledger.append(fill)
        }
        #expect(ledger.state.entryCount == 0)
    }

    @Test func refusesALedgerOfAnotherAccount() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try writeLedger(at: directory.file(), count: 2)
        #expect(throws: LedgerError.wrongLedger(
            path: directory.file(), expected: "venue TESTEX account OTHER", found: "venue TESTEX account EXB123456"
        )) {
            try LedgerWriter(path: directory.file(), venue: testVenue, account: "OTHER")
        }
    }

    @Test func refusesASecondWriterWhileTheFirstIsOpen() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount)
        #expect(throws: LedgerError.locked(path: directory.file())) {
            try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount)
        }
        try first.close()
        let second = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount)
        try second.close()
    }

    @Test func batchGroupCommitMakesEveryFillDurableAndReportsIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reported = DurableLog()
        let ledger = try LedgerWriter(
            path: directory.file(), venue: testVenue, account: testAccount,
            durability: .batch(maxDelay: .milliseconds(2), maxFills: 16), onDurable: { reported.record($0) })
        var last: UInt64 = 0
        for order in 1...100 {
            guard case .appended(let entry, let durable) = try ledger.append(makeFill(order: Int64(order), .buy, 1, at: 100))
            else {
                Issue.record("fill \(order) not appended")
                break
            }
            #expect(!durable)
            last = entry.sequence
        }
        try ledger.waitUntilDurable(last)
        #expect(ledger.durableSequence == 100)
        try ledger.close()
        #expect(reported.highest == 100)
        #expect(reported.isIncreasing)
        #expect(try LedgerVerification(path: directory.file()).state.entryCount == 100)
    }

    @Test func aFullBatchIsSyncedWithoutWaitingForTheDelay() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(
            path: directory.file(), venue: testVenue, account: testAccount,
            durability: .batch(maxDelay: .seconds(3600), maxFills: 10))
        for order in Int64(1)...10 { _ = try ledger.append(makeFill(order: order, .buy, 1, at: 100)) }
        // Returns only through the fill count: the delay is an hour.
        try ledger.waitUntilDurable(10)
        #expect(ledger.durableSequence == 10)
        try ledger.close()
    }

    @Test func aLoneFillIsSyncedOnceTheDelayPasses() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(
            path: directory.file(), venue: testVenue, account: testAccount,
            durability: .batch(maxDelay: .milliseconds(1), maxFills: 1_000_000))
        _ = try ledger.append(makeFill(order: 1, .buy, 1, at: 100))
        try ledger.waitUntilDurable(1)
        #expect(ledger.durableSequence == 1)
        #expect(try contents(of: directory.file()).last == 0x0a)
        try ledger.close()
    }

    @Test func neverSyncsOnlyWhenAsked() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        _ = try ledger.append(makeFill(order: 1, .buy, 1, at: 100))
        #expect(ledger.durableSequence == 0)
        try ledger.waitUntilDurable(1)
        #expect(ledger.durableSequence == 1)
        try ledger.close()
    }

    @Test func appendsAfterCloseAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        try ledger.close()
        #expect(throws: LedgerError.unusable(path: directory.file(), reason: "closed")) {
            try ledger.append(makeFill(order: 1, .buy, 1, at: 100))
        }
    }
}

/// Collects the sequence numbers an `onDurable` callback reports.
final class DurableLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [UInt64] = []

    func record(_ value: UInt64) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }

    var highest: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return values.max() ?? 0
    }

    var isIncreasing: Bool {
        lock.lock()
        defer { lock.unlock() }
        return zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }
}

/// The process's file-creation mask, read from `/proc/self/status` (setting it to read it back
/// would race with the other tests' threads creating files).
private func currentUmask() -> mode_t {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") }
    return line.flatMap { mode_t($0.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8) } ?? 0
}
