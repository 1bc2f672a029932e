import Foundation
import Glibc
import Ledger
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct LedgerFollowerTests {
    private func entries(_ events: [LedgerFollower.Event]) -> [UInt64] {
        events.compactMap { if case .entry(let entry) = $0 { entry.sequence } else { nil } }
    }

    @Test func deliversEachAppendedEntryOnceAndWaitsForAFileThatDoesNotExistYet() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let follower = LedgerFollower(path: directory.file())
        #expect(try follower.poll().isEmpty)
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount, durability: .never)
        defer { try? ledger.close() }
        for order in Int64(1)...3 { _ = try ledger.append(makeFill(order: order, .buy, 1, at: 100)) }
        #expect(entries(try follower.poll()) == [1, 2, 3])
        #expect(try follower.poll().isEmpty)
        _ = try ledger.append(makeFill(order: 4, .sell, 1, at: 100))
        #expect(entries(try follower.poll()) == [4])
    }

    @Test func startsFromTheRequestedSequenceNumber() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try writeLedger(at: directory.file(), count: 6)
        #expect(entries(try LedgerFollower(path: directory.file(), from: 5).poll()) == [5, 6])
    }

    @Test func aLineStillBeingWrittenWaitsForItsNewline() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 3)
        let full = try contents(of: path)
        let lastStart = try lines(of: path).prefix(2).reduce(0) { $0 + $1.count }
        try write(Array(full[..<(lastStart + 50)]), to: path)
        let follower = LedgerFollower(path: path)
        #expect(entries(try follower.poll()) == [1, 2])
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: full[(lastStart + 50)...])
        try handle.close()
        #expect(entries(try follower.poll()) == [3])
    }

    @Test func aReplacedFileIsFollowedFromItsStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 3)
        let follower = LedgerFollower(path: path)
        #expect(entries(try follower.poll()) == [1, 2, 3])
        #expect(rename(path, directory.file("fills.jsonl.1")) == 0)
        let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount, durability: .never)
        defer { try? ledger.close() }
        _ = try ledger.append(makeFill(order: 100, .buy, 1, at: 100))
        _ = try ledger.append(makeFill(order: 101, .buy, 1, at: 100))
        let events = try follower.poll()
        #expect(events.first == .restarted(.replaced))
        #expect(entries(events) == [1, 2])
        #expect(events.compactMap { if case .entry(let entry) = $0 { entry.fill.orderID.rawValue } else { nil } } == [Int64(100), 101])
    }

    @Test func aReplacementThatContinuesTheChainDeliversOnlyTheNewEntries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 3)
        let follower = LedgerFollower(path: path)
        #expect(entries(try follower.poll()) == [1, 2, 3])
        let copy = directory.file("copy.jsonl")
        try write(try contents(of: path), to: copy)
        let ledger = try LedgerWriter(path: copy, venue: testVenue, account: testAccount, durability: .never)
        _ = try ledger.append(makeFill(order: 50, .buy, 1, at: 100))
        try ledger.close()
        #expect(rename(copy, path) == 0)
        let events = try follower.poll()
        #expect(events == [.restarted(.replaced)] + events.dropFirst())
        #expect(entries(events) == [4])
    }

    @Test func aTruncatedFileIsFollowedFromItsStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 3)
        let follower = LedgerFollower(path: path)
        #expect(entries(try follower.poll()) == [1, 2, 3])
        #expect(truncate(path, 0) == 0)
        #expect(try follower.poll() == [.restarted(.truncated)])
        try writeLedger(at: path, count: 2)
        #expect(entries(try follower.poll()) == [1, 2])
    }

    @Test func aFileRewrittenInPlaceIsFollowedFromItsStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 2)
        let follower = LedgerFollower(path: path)
        #expect(entries(try follower.poll()) == [1, 2])
        let other = directory.file("other.jsonl")
        let ledger = try LedgerWriter(path: other, venue: testVenue, account: testAccount, durability: .never)
        for order in Int64(1)...3 { _ = try ledger.append(makeFill(order: order, .buy, 1, at: 100 + order)) }
        try ledger.close()
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: try contents(of: other))
        try handle.close()
        let events = try follower.poll()
        #expect(events.first == .restarted(.truncated))
        #expect(entries(events) == [1, 2, 3])
    }

    @Test func aBadLineStopsTheFollowerWithItsLineNumber() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 3)
        var bytes = try contents(of: path)
        let second = try lines(of: path)[0].count + 20
        bytes[second] ^= 0x01
        try write(bytes, to: path)
        let follower = LedgerFollower(path: path)
        #expect(throws: LedgerError.corrupt(path: path, line: 2, offset: Int64(second - 20), fault: .badChecksum)) {
            try follower.poll()
        }
    }

    @Test func followHandsOverBatchesUntilStopped() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try writeLedger(at: directory.file(), count: 4)
        var seen: [UInt64] = []
        var polls = 0
        try LedgerFollower(path: directory.file()).follow(every: .milliseconds(1), until: {
            polls += 1
            return seen.count == 4 || polls == 1000
        }) { events in
            seen += entries(events)
        }
        #expect(seen == [1, 2, 3, 4])
    }
}
