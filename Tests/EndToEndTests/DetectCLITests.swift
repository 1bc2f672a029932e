import Foundation
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing
import TestSupport

/// `tickwork detect` as a player runs it, against level making-amends' market served as the
/// game master serves it (keys in force, executions feeds open).
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct DetectCLITests {
    @Test func detectNamesTheInsiderWithItsEvidenceAsJSON() async throws {
        let venue = try VenueHarness(
            apiKeys: ["DET424242": "key-det"], bots: Level.makingAmends.bots, botSeed: 7, botInterval: .milliseconds(10)
        ) { configuration in
            configuration.openExecutionFeeds = true
            configuration.orderRetention = nil
        }
        let result = try await TickworkProcess.run(
            [
                "detect", "FOOBAR", "--base-url", "http://\(venue.server.address)/ob/api", "--venue", "TESTEX", "--account", "DET424242",
                "--duration", "10s", "--horizon", "400ms", "--json",
            ], environment: ["TICKWORK_API_KEY": "key-det"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let insider = try #require(venue.server.insider(on: "TESTEX"))
        #expect(report["suspect"] as? String == insider.rawValue)
        let evidence = try #require(report["evidence"] as? [[String: Any]])
        #expect(evidence.first?["account"] as? String == insider.rawValue && (evidence.first?["edgePerShare"] as? Int ?? 0) > 0)
        #expect(!result.stdout.contains("key-det") && !result.stderr.contains("key-det"))
    }
}
