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
    /// The descriptors of this process open on `path`, found through `/proc/self/fd`.
    private func descriptors(openOn path: String) throws -> [Int32] {
        let wanted = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
            guard let descriptor = Int32(name),
                  let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
                  target == wanted
            else { return nil }
            return descriptor
        }
    }

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
