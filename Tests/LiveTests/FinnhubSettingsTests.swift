import Foundation
import Live
import Testing

/// The `finnhub` object of a configuration: where the Finnhub key is found, never the key.
@Suite(.timeLimit(.minutes(10))) struct FinnhubSettingsTests {
    static func parse(_ edit: (inout [String: Any]) -> Void) throws -> Configuration {
        let data = try ConfigurationTests().document(edit)
        return try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
    }

    @Test func theKeyComesFromTheNamedVariableOrFileElseFinnhubAPIKey() throws {
        #expect(try Self.parse { _ in }.finnhub == nil)
        #expect(try Self.parse { $0["finnhub"] = [String: Any]() }.finnhub == FinnhubSettings(apiKey: .environment("FINNHUB_API_KEY")))
        #expect(try Self.parse { $0["finnhub"] = ["apiKeyEnv": "MY_FINNHUB"] }.finnhub?.apiKey == .environment("MY_FINNHUB"))
        #expect(try Self.parse { $0["finnhub"] = ["apiKeyFile": "finnhub-key"] }.finnhub?.apiKey == .file("finnhub-key"))
    }

    @Test func theKeyItselfBothSourcesOrAnUnknownKeyAreRefusedNamingTheKey() throws {
        let tests = ConfigurationTests()
        let secret = tests.error(try tests.document { $0["finnhub"] = ["apiKey": "c0ffee"] })
        #expect(secret?.keyPath == "finnhub.apiKey" && secret?.message.contains("secrets never go in the configuration") == true)
        #expect(secret.map { "\($0)" }?.contains("c0ffee") == false)
        #expect(tests.error(try tests.document { $0["finnhub"] = ["apiKeyEnv": "A", "apiKeyFile": "f"] })?.keyPath == "finnhub.apiKeyFile")
        #expect(tests.error(try tests.document { $0["finnhub"] = ["token": "x"] })?.keyPath == "finnhub.token")
    }
}
