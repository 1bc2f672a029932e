import Foundation
import Glibc
import Testing
import TestSupport

@testable import History

@Suite struct HistoryLockTests {
    @Test("a lock let go is free at once, even while a child started in that instant still holds a copy of its descriptor")
    func aLockLetGoIsFreeWhileACopyOfItsDescriptorLives() throws {
        let sample = try SampleHistory()
        var lock: HistoryLock? = try HistoryLock(database: sample.database, holder: "a rebuild by tickwork")
        let held = try #require(try descriptors(openOn: sample.database + ".lock").first)
        // A process starting a child (as every test that runs `tickwork` does) shares its open
        // files with the child until the child's exec closes them: a copy of the descriptor.
        let childsCopy = dup(held)
        #expect(childsCopy >= 0)
        defer { close(childsCopy) }
        _ = lock
        lock = nil
        #expect(throws: Never.self) { _ = try HistoryLock(database: sample.database, holder: "a catch-up by tickwork") }
    }

    @Test("a lock held is refused to a second taker in the same process, naming the holder")
    func aHeldLockIsRefusedNamingItsHolder() throws {
        let sample = try SampleHistory()
        let lock = try HistoryLock(database: sample.database, holder: "a rebuild by tickwork")
        do {
            _ = try HistoryLock(database: sample.database, holder: "a catch-up by tickwork")
            Issue.record("the lock was taken twice")
        } catch {
            guard case .locked(_, let holder, _) = error else {
                Issue.record("expected .locked, got \(error)")
                return
            }
            #expect(holder == "a rebuild by tickwork (pid \(getpid()))")
        }
        _ = lock
    }
}
