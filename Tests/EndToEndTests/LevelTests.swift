import Foundation
import Testing
import TestSupport

/// `tickwork level` end to end, on the short level: the shipped strategy passes, a player that
/// cannot reach the goal fails with exit 1, and usage errors exit 64. The long levels are played
/// by `scripts/levels.sh` (about a minute each); `NaivePlayerTests` has the naive player lose.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct LevelTests {
    @Test func firstStepsIsPassedByTheShippedStrategyWithExitZeroAndTheFigures() async throws {
        let result = try await TickworkProcess.run(["level", "first-steps", "--seed", "3"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("first-steps: PASSED: holds 100 of 100 shares"))
        #expect(result.stdout.contains("average buy price"))
        // Day 1 on a quick machine; a starved one may reach the position on day 2.
        #expect(result.stderr.contains(/day [12]\/2: position 100/))
        // The history of a level run lives in its temporary directory with its ledger, not in
        // the working directory.
        #expect(!FileManager.default.fileExists(atPath: TickworkProcess.packageRoot + "/level-ledger.history.sqlite"))
    }

    @Test func firstStepsIsFailedWhenTheStrategyStopsShortAndTheVerdictIsJSON() async throws {
        let scratch = try TemporaryDirectory("tickwork-level")
        defer { scratch.remove() }
        let directory = scratch.path
        let file = directory + "/short.json"
        let text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
            .replacingOccurrences(of: "\"quantity\": 100", with: "\"quantity\": 40")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await TickworkProcess.run(["level", "first-steps", "--config", file, "--json"])
        #expect(result.status == 1)
        let verdict = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(verdict["outcome"] as? String == "failed")
        #expect(verdict["positionShares"] as? Int == 40)
        #expect(verdict["level"] as? String == "first-steps")
    }

    @Test func aLevelIsPlayedOnARemoteExchangesGameMasterWithAKnownKey() async throws {
        let scratch = try TemporaryDirectory("tickwork-level")
        defer { scratch.remove() }
        let accounts = scratch.path + "/accounts.json"
        try #"{"EXB123456":"level-key"}"#.write(toFile: accounts, atomically: true, encoding: .utf8)
        let exchange = try await ExchangeFixture(arguments: ["--accounts", accounts])
        defer { exchange.stop() }
        let root = "http://" + exchange.listenAddress
        let refused = try await TickworkProcess.run(
            ["level", "first_steps", "--base-url", root], environment: ["TICKWORK_API_KEY": "guessed-key"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("unknown API key"))
        // The API's base, as every command takes it, or the root the game master is served at.
        let result = try await TickworkProcess.run(
            ["level", "first_steps", "--seed", "3", "--base-url", root + "/ob/api", "--json"], environment: ["TICKWORK_API_KEY": "level-key"])
        #expect(result.status == 0, "\(result.stderr)")
        let verdict = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(verdict["outcome"] as? String == "passed")
        #expect(verdict["positionShares"] as? Int == 100)
        #expect(result.stderr.contains("at \(root)"))
    }

    @Test func anUnknownLevelIsAUsageError() async throws {
        let result = try await TickworkProcess.run(["level", "second-steps"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(
            "expected first-steps, chock-a-block, sell-side, dueling-bulldozers, irrational-exuberance, making-amends (or the game's name"))
    }

    @Test func aLevelIsPlayedByTheStrategyNamedInItsOwnConfiguration() async throws {
        // BlockBuyer buys until it holds its quantity, which first-steps' limits cap at 1,000.
        let result = try await TickworkProcess.run(["level", "first-steps", "--strategy", "BlockBuyer", "--seed", "3", "--json"])
        #expect(result.status == 0, "\(result.stderr.suffix(2_000))")
        #expect(result.stderr.contains("played by BlockBuyer"))
        let missing = try await TickworkProcess.run(["level", "first-steps", "--strategy", "NoSuchPlugin"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("NoSuchPlugin"))
        let both = try await TickworkProcess.run(["level", "first-steps", "--strategy", "BlockBuyer", "--config", "x.json"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--strategy and --config: give one or the other"))
    }

    @Test func makingAmendsTakesNoConfigurationItsDetectivePlaysIt() async throws {
        let result = try await TickworkProcess.run(
            ["level", "making-amends", "--config", TickworkProcess.packageRoot + "/config/tickwork.json"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--config: making-amends is played by the detective (tickwork detect), not by a strategy"))
    }

    @Test func aConfigurationNotTradingTheLevelsStockIsRefusedNamingTheFile() async throws {
        let scratch = try TemporaryDirectory("tickwork-level")
        defer { scratch.remove() }
        let directory = scratch.path
        let file = directory + "/other.json"
        let text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
            .replacingOccurrences(of: "\"FOOBAR\"", with: "\"BARBAZ\"")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await TickworkProcess.run(["level", "first-steps", "--config", file])
        #expect(result.status == 1)
        #expect(result.stderr == "tickwork: \(file): strategies: none trades FOOBAR, the stock of level first-steps\n")
    }
}
