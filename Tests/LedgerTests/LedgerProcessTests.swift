import Foundation
import Glibc
import Ledger
import StrategyKit
import Testing
import TestSupport

@Suite(.disabled(if: ChildWriter.isChild), .timeLimit(.minutes(10))) struct LedgerProcessTests {
    @Test func aWriterKilledMidStreamLeavesALedgerThatOpensVerifiesAndEndsWithACompleteFill() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        let child = try ChildWriter(.flood, path: path)
        // Let it write at least 100 kB (a few hundred fills); give up after a minute.
        var size = 0
        for _ in 0..<6000 where child.isRunning && size < 100_000 {
            try await Task.sleep(for: .milliseconds(10))
            var info = stat()
            size = stat(path, &info) == 0 ? Int(info.st_size) : 0
        }
        #expect(child.isRunning)
        await child.kill()
        #expect(child.process.terminationReason == .uncaughtSignal)

        let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount)
        let state = ledger.state
        try ledger.close()
        #expect(state.entryCount > 0)
        #expect(UInt64(state.entryCount) == state.lastSequence)
        let verification = try LedgerVerification(path: path)
        #expect(verification.isClean)
        #expect(verification.state.lastSequence == state.lastSequence)
        #expect(try contents(of: path).last == 0x0a)
    }

    @Test func aFollowerSeesEveryFillAWriterInAnotherProcessAppends() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file()
        let follower = LedgerFollower(path: path)
        let child = try ChildWriter(.paced, path: path, count: 300)
        var seen: [LedgerEntry] = []
        // Poll until all 300 arrive or the writer has exited and a last poll found nothing new.
        for _ in 0..<3000 where seen.count < 300 {
            let running = child.isRunning
            for event in try follower.poll() {
                if case .entry(let entry) = event { seen.append(entry) }
            }
            if !running { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(await child.wait() == 0)
        #expect(seen.map(\.sequence) == Array(1...300))
        #expect(seen == (try LedgerReader.entries(in: path)))
    }
}
