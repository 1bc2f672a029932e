import Foundation
import Glibc
import Ledger
import StrategyKit
import Testing
import TestSupport

/// A ledger closed is free for the next writer at once, even while a child its process started
/// in that instant still holds a copy of the descriptor (a restart, a test running `tickwork`
/// beside another); one held is refused.
@Suite(.timeLimit(.minutes(10))) struct LedgerLockTests {
    private func open(_ path: String) throws -> LedgerWriter {
        try LedgerWriter(path: path, venue: Venue("TESTEX"), account: Account("EXB123456"))
    }

    @Test func aLedgerClosedIsFreeWhileACopyOfItsDescriptorLives() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/ledger.jsonl"
        let writer = try open(path)
        let held = try #require(try descriptors(openOn: path).first)
        // A process starting a child shares its open files with the child until the child's
        // exec closes them: a copy of the descriptor.
        let childsCopy = dup(held)
        try #require(childsCopy >= 0)
        defer { close(childsCopy) }
        try writer.close()
        #expect(!LedgerWriter.isHeld(path))
        #expect(throws: Never.self) { try open(path).close() }
    }

    @Test func aLedgerHeldIsRefusedToASecondWriter() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/ledger.jsonl"
        let writer = try open(path)
        #expect(LedgerWriter.isHeld(path))
        #expect(throws: LedgerError.locked(path: path)) { try open(path) }
        try writer.close()
    }
}
