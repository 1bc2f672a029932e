import Foundation
import Live
import Testing

/// The `edgar` object of a configuration: the `User-Agent` EDGAR requires, its hosts, and the
/// daemon's polling interval.
@Suite(.timeLimit(.minutes(10))) struct EdgarSettingsTests {
    static func parse(_ edit: (inout [String: Any]) -> Void) throws -> Configuration {
        try FinnhubSettingsTests.parse(edit)
    }

    @Test func absentMeansNoneAndEmptyMeansEdgarsOwnHostsEveryFiveMinutes() throws {
        #expect(try Self.parse { _ in }.edgar == nil)
        let defaults = try #require(try Self.parse { $0["edgar"] = [String: Any]() }.edgar)
        #expect(defaults == EdgarSettings())
        #expect(defaults.siteURL == "https://www.sec.gov" && defaults.dataURL == "https://data.sec.gov")
        #expect(defaults.pollInterval == .seconds(300) && defaults.poll)
        #expect(defaults.resolvedUserAgent(environment: ["TICKWORK_EDGAR_USER_AGENT": "Jo jo@example.com"]) == "Jo jo@example.com")
        #expect(defaults.resolvedUserAgent(environment: ["TICKWORK_EDGAR_USER_AGENT": ""]) == nil)
    }

    @Test func everyKeyIsReadAndTheFilesUserAgentGoesFirst() throws {
        let settings = try #require(try Self.parse {
            $0["edgar"] = [
                "userAgent": "Desk desk@example.com", "siteURL": "http://127.0.0.1:9", "dataURL": "http://127.0.0.1:10",
                "pollInterval": "2m", "poll": false,
            ]
        }.edgar)
        #expect(settings.resolvedUserAgent(environment: ["TICKWORK_EDGAR_USER_AGENT": "other o@example.com"]) == "Desk desk@example.com")
        #expect(settings.siteURL == "http://127.0.0.1:9" && settings.dataURL == "http://127.0.0.1:10")
        #expect(settings.pollInterval == .seconds(120) && !settings.poll)
        let named = try #require(try Self.parse { $0["edgar"] = ["userAgentEnv": "MY_UA"] }.edgar)
        #expect(named.resolvedUserAgent(environment: ["MY_UA": "Me me@example.com"]) == "Me me@example.com")
    }

    @Test func bothSourcesATooShortIntervalOrAnUnknownKeyAreRefusedNamingTheKey() throws {
        let tests = ConfigurationTests()
        #expect(tests.error(try tests.document { $0["edgar"] = ["userAgent": "a a@b.c", "userAgentEnv": "X"] })?.keyPath == "edgar.userAgentEnv")
        #expect(tests.error(try tests.document { $0["edgar"] = ["pollInterval": "10ms"] })?.keyPath == "edgar.pollInterval")
        #expect(tests.error(try tests.document { $0["edgar"] = ["interval": "5m"] })?.keyPath == "edgar.interval")
    }
}
