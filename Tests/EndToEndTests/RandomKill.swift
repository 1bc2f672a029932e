import Foundation
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// One run of the daemon in a soak, ended by SIGKILL at a random moment.
enum RandomKill {
    /// Starts `tickwork run --config config` and kills it at a moment drawn from `random`: half
    /// the time up to 1.5 s after "ready" (so that however slowly a loaded machine starts the
    /// daemon, the kill lands while it trades), else up to 0.15 s after the spawn, most in the
    /// middle of start-up (reconciliation included). Returns whether the kill came before
    /// "ready", or nil, with an issue recorded, when the daemon ended by itself first.
    static func run(config: String, environment: [String: String], random: inout SplitMix64, seed: UInt64, kill: Int) async throws -> Bool? {
        let daemon = try SpawnedProcess(["run", "--config", config], environment: environment)
        let ready = { daemon.stderr.contains("engine: ready") }
        let whileTrading = random.int(in: 0...1) == 1
        if whileTrading {
            #expect(await daemon.wait(upTo: 30) { ready() || !daemon.process.isRunning }, "seed \(seed), kill \(kill): not ready: \(daemon.stderr)")
        }
        // The random moment is the point of the test, not a stand-in for a condition: only an
        // early exit ends the wait.
        let moment = TimeInterval(random.int(in: whileTrading ? 20...1_500 : 5...150)) / 1_000
        guard await !daemon.wait(upTo: moment, for: { !daemon.process.isRunning }) else {
            _ = await daemon.exitStatus(within: 10)
            Issue.record("seed \(seed): the daemon ended by itself before kill \(kill): \(daemon.stderr)")
            return nil
        }
        let beforeReady = !ready()
        daemon.send(SIGKILL)
        #expect(await daemon.exitStatus(within: 10) == -SIGKILL, "seed \(seed), kill \(kill)")
        return beforeReady
    }
}
