import Foundation
import Live
import Testing

/// `exchange.stream`, `streamSafetyPollMs` and `streamStallMs`: defaults, the settings the runner
/// gets, and values refused.
@Suite(.timeLimit(.minutes(10))) struct StreamConfigurationTests {
    func parse(_ exchange: String) throws -> Configuration {
        let text = """
            {"version": 1,
             "exchange": {"baseURL": "http://127.0.0.1:8080/ob/api"\(exchange)},
             "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["FOOBAR"], "parameters": {"quantity": 10}}]}
            """
        return try Configuration.parse(Data(text.utf8), file: "test.json", directory: "/etc/tickwork")
    }

    @Test func streamingIsOffUnlessAsked() throws {
        let configuration = try parse("")
        #expect(configuration.exchange.stream == false)
        #expect(configuration.streamSettings == nil)
    }

    @Test func theSafetyIntervalDefaultsToTenSecondsAndTheStallToThreeOfThem() throws {
        let defaults = try #require(try parse(#", "stream": true"#).streamSettings)
        #expect(defaults.safetyPollInterval == .seconds(10))
        #expect(defaults.stallTimeout == .seconds(30))
        let set = try #require(try parse(#", "stream": true, "streamSafetyPollMs": 2000, "streamStallMs": 500"#).streamSettings)
        #expect(set.safetyPollInterval == .seconds(2))
        #expect(set.stallTimeout == .milliseconds(500))
    }

    @Test func valuesOutOfRangeAreNamed() {
        #expect(throws: ConfigurationError.self) { try parse(#", "stream": "yes""#) }
        do {
            _ = try parse(#", "stream": true, "streamSafetyPollMs": 5"#)
            Issue.record("a 5 ms safety interval was accepted")
        } catch {
            #expect("\(error)" == "test.json: exchange.streamSafetyPollMs: expected an integer in 100...3600000, got 5")
        }
        #expect(throws: ConfigurationError.self) { try parse(#", "streamStallMs": 0"#) }
    }
}
