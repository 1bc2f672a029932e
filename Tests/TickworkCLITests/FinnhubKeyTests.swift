import CommandLineKit
import Foundation
import Live
import Testing
@testable import TickworkCLI
import TestSupport

/// Where `--source finnhub` finds its key: `--key-file`, else the configuration's `finnhub`
/// object (a variable's name or a key file), else `$FINNHUB_API_KEY`; never in a message.
@Suite(.timeLimit(.minutes(10))) struct FinnhubKeyTests {
    /// The embedded default configuration, as if read from `directory`, with `finnhub` set.
    private func configuration(_ finnhub: FinnhubSettings?, directory: String) throws -> Configuration {
        var configuration = try DefaultConfiguration.embedded()
        configuration.directory = directory
        configuration.finnhub = finnhub
        return configuration
    }

    private func keyFile(_ directory: TemporaryDirectory, _ name: String, _ key: String, mode: Int = 0o600) throws -> String {
        let path = directory.path + "/" + name
        try Data((key + "\n").utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    @Test func theKeyFileOptionThenTheConfigurationsSourceThenFinnhubAPIKey() throws {
        let directory = try TemporaryDirectory("tickwork-finnhub-key")
        defer { directory.remove() }
        let option = try keyFile(directory, "option-key", "from-option")
        _ = try keyFile(directory, "configured-key", "from-file")
        let environment = ["FINNHUB_API_KEY": "from-default", "MY_FINNHUB": "from-variable"]

        let byVariable = try configuration(FinnhubSettings(apiKey: .environment("MY_FINNHUB")), directory: directory.path)
        #expect(try APIKeyResolver.resolveFinnhub(keyFile: option, in: byVariable, environment: environment).secret == "from-option")
        #expect(try APIKeyResolver.resolveFinnhub(keyFile: nil, in: byVariable, environment: environment).secret == "from-variable")
        // A relative key file lies beside the configuration, or in systemd's credentials.
        let byFile = try configuration(FinnhubSettings(apiKey: .file("configured-key")), directory: directory.path)
        #expect(try APIKeyResolver.resolveFinnhub(keyFile: nil, in: byFile, environment: environment).secret == "from-file")
        let credentials = ["CREDENTIALS_DIRECTORY": directory.path]
        let inCredentials = try configuration(FinnhubSettings(apiKey: .file("option-key")), directory: "/nonexistent")
        #expect(try APIKeyResolver.resolveFinnhub(keyFile: nil, in: inCredentials, environment: credentials).secret == "from-option")
        let unset = try configuration(nil, directory: directory.path)
        #expect(try APIKeyResolver.resolveFinnhub(keyFile: nil, in: unset, environment: environment).secret == "from-default")
    }

    @Test func aMissingKeyNamesWhereItWasLookedForAndAReadableKeyFileIsRefusedWithoutShowingIt() throws {
        let directory = try TemporaryDirectory("tickwork-finnhub-key")
        defer { directory.remove() }
        let byVariable = try configuration(FinnhubSettings(apiKey: .environment("MY_FINNHUB")), directory: directory.path)
        #expect(throws: CLIError.failure("finnhub needs an API key: the environment variable MY_FINNHUB is not set")) {
            try APIKeyResolver.resolveFinnhub(keyFile: nil, in: byVariable, environment: ["FINNHUB_API_KEY": "not-this-one"])
        }
        _ = try keyFile(directory, "shared-key", "s3cr3t-finnhub", mode: 0o644)
        let shared = try configuration(FinnhubSettings(apiKey: .file("shared-key")), directory: directory.path)
        do {
            _ = try APIKeyResolver.resolveFinnhub(keyFile: nil, in: shared, environment: [:])
            Issue.record("a key file others may read was used")
        } catch let error as ConfigurationError {
            #expect(error.keyPath == "finnhub.apiKeyFile" && error.message.contains(directory.path + "/shared-key"), "\(error)")
            #expect(!"\(error)".contains("s3cr3t"))
        }
    }
}
