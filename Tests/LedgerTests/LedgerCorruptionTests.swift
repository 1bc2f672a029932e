import Foundation
import Ledger
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct LedgerCorruptionTests {
    /// Writes a five-line ledger, lets `damage` rewrite its lines, and returns the path.
    private func damagedLedger(in directory: TemporaryDirectory, _ damage: (inout [[UInt8]]) throws -> Void) throws -> String {
        let path = directory.file()
        try writeLedger(at: path, count: 5)
        var lines = try lines(of: path)
        try damage(&lines)
        try write(lines.flatMap { $0 }, to: path)
        return path
    }

    /// Checks that both `LedgerVerification` and opening report `fault` at `line`, and that
    /// opening leaves the file as it was.
    private func expectRefused(_ path: String, line: Int, _ fault: LineFault) throws {
        let before = try contents(of: path)
        let verification = try LedgerVerification(path: path)
        #expect(verification.firstFault?.line == line)
        #expect(verification.firstFault?.fault == fault)
        #expect(!verification.faultIsTornTail)
        let offset = try lines(of: path).prefix(line - 1).reduce(0) { $0 + Int64($1.count) }
        #expect(throws: LedgerError.corrupt(path: path, line: line, offset: offset, fault: fault)) {
            try LedgerWriter(path: path, venue: testVenue, account: testAccount)
        }
        #expect(try contents(of: path) == before)
    }

    @Test func aFlippedByteInTheMiddleIsABadChecksum() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { lines in
            let price = lines[2].indices.first { lines[2][$0...].starts(with: Array(#""price":"#.utf8)) }! + 8
            lines[2][price] ^= 0x01
        }
        try expectRefused(path, line: 3, .badChecksum)
    }

    @Test func everySingleByteFlipIsFoundOnTheLineHoldingIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try writeLedger(at: path, count: 3)
        let original = try contents(of: path)
        let lineOfByte = try lines(of: path).enumerated().flatMap { index, line in Array(repeating: index + 1, count: line.count) }
        let lastLineStart = try lines(of: path).prefix(2).reduce(0) { $0 + $1.count }
        for offset in original.indices {
            var damaged = original
            damaged[offset] ^= 0x01
            try write(damaged, to: path)
            let verification = try LedgerVerification(path: path)
            #expect(verification.firstFault?.line == lineOfByte[offset], "byte \(offset)")
            // A damaged last line is taken for a torn write, unless the damage hits the
            // `{"v":2,"seq":` that every (version 2) line starts with: a crash never leaves that.
            #expect(verification.faultIsTornTail == (offset >= lastLineStart + 13), "byte \(offset)")
        }
    }

    @Test func aDeletedLineIsAGap() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { $0.remove(at: 2) }
        try expectRefused(path, line: 3, .gap(expected: 3, found: 4))
    }

    @Test func twoSwappedLinesAreOutOfOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { $0.swapAt(1, 2) }
        try expectRefused(path, line: 2, .outOfOrder(expected: 2, found: 3))
    }

    @Test func aDuplicatedLineIsOutOfOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { $0.insert($0[1], at: 2) }
        try expectRefused(path, line: 3, .outOfOrder(expected: 3, found: 2))
    }

    @Test func aLineFromAnotherLedgerBreaksTheChain() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let other = directory.file("other.jsonl")
        let ledger = try LedgerWriter(path: other, venue: testVenue, account: testAccount, durability: .never)
        for order in Int64(1)...3 { _ = try ledger.append(makeFill(order: order + 100, .buy, 10, at: 5000 + order)) }
        try ledger.close()
        let foreign = try lines(of: other)
        let path = try damagedLedger(in: directory) { lines in
            lines = Array(lines.prefix(2)) + [foreign[2]]
        }
        try expectRefused(path, line: 3, .brokenChain)
    }

    @Test func aTornLineWithoutNewlineIsCutOffWithAWarningNamingItsOffset() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { lines in lines[4] = Array(lines[4].prefix(40)) }
        let offset = try lines(of: path).prefix(4).reduce(0) { $0 + Int64($1.count) }
        let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount)
        defer { try? ledger.close() }
        #expect(ledger.warnings == [.tornTailCut(path: path, line: 5, offset: offset, bytes: 40, fault: .torn)])
        #expect(try contents(of: path).count == Int(offset))
        #expect(ledger.state.lastSequence == 4)
        guard case .appended(let entry, _) = try ledger.append(makeFill(order: 99, .sell, 1, at: 5000)) else {
            Issue.record("append after the cut failed")
            return
        }
        #expect(entry.sequence == 5)
        #expect(try LedgerVerification(path: path).isClean)
    }

    @Test func aLastLineWithABadChecksumIsCutOff() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { lines in lines[4][30] ^= 0x04 }
        let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount)
        defer { try? ledger.close() }
        guard case .tornTailCut(_, let line, _, _, let fault) = ledger.warnings.first else {
            Issue.record("no warning")
            return
        }
        #expect(line == 5)
        #expect(fault == .badChecksum)
        #expect(ledger.state.lastSequence == 4)
    }

    @Test func aZeroFilledTailLeftByACrashIsCutOff() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { lines in lines[4] = Array(repeating: 0, count: lines[4].count) }
        let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount)
        defer { try? ledger.close() }
        #expect(ledger.warnings.count == 1)
        #expect(ledger.state.lastSequence == 4)
    }

    @Test func anEmptyFileIsAnEmptyLedger() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try write([], to: directory.file())
        let verification = try LedgerVerification(path: directory.file())
        #expect(verification.isClean)
        #expect(verification.state.entryCount == 0)
        #expect(verification.firstSequence == nil)
        let ledger = try LedgerWriter(path: directory.file(), venue: testVenue, account: testAccount)
        defer { try? ledger.close() }
        #expect(ledger.warnings.isEmpty)
        #expect(ledger.state.lastSequence == 0)
    }

    @Test func aFileThatIsNotALedgerIsRefusedAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        try write(Array("hello, world\nsecond line\n".utf8), to: path)
        try expectRefused(path, line: 1, .notJSON("expected '{' at column 1"))
        try write(Array(#"{"version": 1, "venue": "TESTEX"}"#.utf8), to: path)
        try expectRefused(path, line: 1, .torn)
        try write(Array("{\"seq\":1}\n{\"seq\":2}\n".utf8), to: path)
        try expectRefused(path, line: 1, .missingField("time"))
    }

    @Test func aLineOfAnotherAccountIsForeign() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { lines in
            var fill = makeFill(order: 50, .buy, 10, at: 5000)
            fill.account = "INTRUDER"
            lines[1] = try sealedLine(after: lines[0], sequence: 2, fill: fill, position: 20, cash: -100_000 - 50_010)
            lines.removeSubrange(2...)
        }
        try expectRefused(path, line: 2, .foreignLine(venue: testVenue, account: "INTRUDER"))
    }

    @Test func aFillRecordedTwiceIsADuplicate() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { lines in
            lines[1] = try sealedLine(after: lines[0], sequence: 2, fill: makeFill(order: 1, .buy, 10, at: 5001), position: 20, cash: -100_020)
            lines.removeSubrange(2...)
        }
        try expectRefused(path, line: 2, .duplicateFill(earlierSequence: 1))
    }

    @Test func aPositionThatDisagreesWithTheFillsIsATotalsMismatch() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try damagedLedger(in: directory) { lines in
            lines[1] = try sealedLine(after: lines[0], sequence: 2, fill: makeFill(order: 2, .buy, 10, at: 5002), position: 21, cash: -100_030)
            lines.removeSubrange(2...)
        }
        try expectRefused(path, line: 2, .totalsMismatch(field: "position"))
    }
}

/// A line with a correct checksum chained after `previous`, holding whatever totals it is given.
func sealedLine(after previous: [UInt8], sequence: UInt64, fill: Fill, position: Int64, cash: Int64, realized: Int64 = 0)
    throws -> [UInt8]
{
    let previousSum = try #require(UInt64(String(decoding: previous.suffix(19).prefix(16), as: UTF8.self), radix: 16))
    var entry = LedgerEntry(
        sequence: sequence, fill: fill, reconciled: false, positionAfter: Quantity(shares: position),
        cashAfter: Money(cents: cash), realizedAfter: Money(cents: realized),
        previousChecksum: LedgerChecksum(previousSum), checksum: .origin)
    let body = Array(entry.line.utf8.dropLast(27))
    entry.checksum = LedgerChecksum(of: body)
    return Array(entry.line.utf8)
}
