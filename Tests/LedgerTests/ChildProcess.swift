import Foundation
import Glibc
import Ledger
import StrategyKit
import Testing
import TestSupport

/// Runs this test binary again as a child process that writes a ledger, so that tests can kill
/// a writer or follow one in another process. The child runs only `childWritesALedger`.
final class ChildWriter {
    static let modeVariable = "LEDGER_TEST_CHILD_MODE"
    static let pathVariable = "LEDGER_TEST_CHILD_PATH"
    static let countVariable = "LEDGER_TEST_CHILD_COUNT"

    /// How a child writes.
    enum Mode: String {
        /// Appends as fast as it can until killed (at most 10 million fills).
        case flood
        /// Appends `count` fills with short pauses, then closes the ledger and exits 0.
        case paced
    }

    private let child: SpawnedProcess

    /// Starts a child writing the ledger at `path`.
    init(_ mode: Mode, path: String, count: Int = 0) throws {
        var environment = ProcessInfo.processInfo.environment
        environment[Self.modeVariable] = mode.rawValue
        environment[Self.pathVariable] = path
        environment[Self.countVariable] = String(count)
        child = try SpawnedProcess(
            executable: SpawnedProcess.currentExecutable,
            arguments: ["--testing-library", "swift-testing", "--filter", "childWritesALedger"], environment: environment)
    }

    var process: Process { child.process }
    var isRunning: Bool { child.process.isRunning }

    /// Kills the child with SIGKILL and waits for it.
    func kill() async {
        child.send(SIGKILL)
        _ = await child.exitStatus(within: Self.patience)
    }

    /// Waits for the child to exit and returns its status (nil if it had not exited within
    /// `patience` seconds; it is then killed).
    func wait() async -> Int32? {
        await child.exitStatus(within: Self.patience)
    }

    /// How long a child may take: a paced child writes for a second or two, on a busy host longer.
    static let patience: TimeInterval = 300

    /// Whether this process is such a child.
    static var isChild: Bool { ProcessInfo.processInfo.environment[modeVariable] != nil }
}

@Suite(.timeLimit(.minutes(10))) struct ChildWriterEntryPoint {
    /// The child's side of `ChildWriter`; skipped unless the environment asks for it.
    @Test(.enabled(if: ChildWriter.isChild)) func childWritesALedger() throws {
        let environment = ProcessInfo.processInfo.environment
        let mode = try #require(environment[ChildWriter.modeVariable].flatMap(ChildWriter.Mode.init(rawValue:)))
        let path = try #require(environment[ChildWriter.pathVariable])
        let count = try #require(environment[ChildWriter.countVariable].flatMap { Int($0) })
        let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount, durability: mode == .flood ? .never : .always)
        let limit = mode == .flood ? 10_000_000 : count
        for order in 1...limit {
            let side: Side = order % 2 == 0 ? .sell : .buy
            _ = try ledger.append(makeFill(order: Int64(order), side, Int64(order % 7 + 1), at: 5000 + Int64(order % 13)))
            if mode == .paced, order % 10 == 0 { usleep(2000) }
        }
        try ledger.close()
    }
}
