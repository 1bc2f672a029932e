import Foundation
import Testing

/// Each shipped strategy passes the level it was written for, on one seed, with the parameters
/// `tickwork level` gives it (its defaults, but on dueling-bulldozers): what `scripts/levels.sh`
/// checks on five seeds, kept in the suite so that a change to a strategy, the risk checker or the
/// bots cannot lose a level unnoticed. first-steps is in `LevelTests`; making-amends is played by its
/// detective, which names the insider to the judge (the last test). Each run lasts up to
/// its level's length, counted in the bots' steps (about a minute when they step on time; longer,
/// with the same market, when the rest of the suite loads the machine).
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct ShippedPlayerTests {
    @Test(arguments: [
        ("chock-a-block", "BlockBuyer"), ("sell-side", "MarketMaker"), ("dueling-bulldozers", "MarketMaker"),
        ("irrational-exuberance", "RunUp"),
    ])
    func theShippedStrategyPassesItsLevel(level: String, strategy: String) async throws {
        let result = try await TickworkProcess.run(["level", level, "--seed", "1", "--json"], timeout: 240)
        let verdict = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(verdict["outcome"] as? String == "passed", "\(strategy) on \(level): \(result.stdout) \(result.stderr.suffix(2_000))")
        #expect(result.status == 0)
    }

    @Test func theDetectiveWinsMakingAmendsByNamingTheInsiderToTheJudge() async throws {
        let result = try await TickworkProcess.run(["level", "making_amends", "--seed", "2", "--json"], timeout: 300)
        let verdict = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(verdict["outcome"] as? String == "passed", "\(result.stdout) \(result.stderr.suffix(2_000))")
        #expect((verdict["reason"] as? String)?.hasSuffix(" is the insider") == true)
        #expect(result.stderr.contains("accusing "))
        #expect(result.status == 0)
    }
}
