import Foundation
import Live
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct ConfigurationTests {
    static let minimal = """
        {"version": 1,
         "exchange": {"baseURL": "http://127.0.0.1:8080/ob/api", "venue": "TESTEX", "account": "EXB123456"},
         "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["FOOBAR"], "parameters": {"quantity": 10}}]}
        """

    /// The minimal document with `edit` applied to its parsed JSON object.
    func document(_ edit: (inout [String: Any]) -> Void) throws -> Data {
        var object = try JSONSerialization.jsonObject(with: Data(Self.minimal.utf8)) as! [String: Any]
        edit(&object)
        return try JSONSerialization.data(withJSONObject: object)
    }

    func error(_ data: Data) -> ConfigurationError? {
        do {
            _ = try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
            return nil
        } catch {
            return error
        }
    }

    @Test func minimalConfigurationGetsSafeDefaults() throws {
        let configuration = try Configuration.parse(Data(Self.minimal.utf8), file: "test.json", directory: "/etc/tickwork")
        #expect(configuration.exchange.apiKey == .environment("TICKWORK_API_KEY"))
        #expect(configuration.ledger.fsync == .always)
        #expect(configuration.risk.allowMarketOrders == false)
        #expect(configuration.strategies[0].parameters == ["quantity": .integer(10)])
        #expect(configuration.symbols == ["FOOBAR"])
    }

    @Test func unknownKeyIsNamedWithItsPath() throws {
        let data = try document { root in
            root["risk"] = ["maxPositon": 5]
        }
        #expect(error(data)?.description == "test.json: risk.maxPositon: unknown key")
    }

    @Test func wrongTypeNamesKeyAndValue() throws {
        let data = try document { root in
            root["pollIntervalMs"] = "fast"
        }
        #expect(error(data)?.description == "test.json: pollIntervalMs: expected an integer in 10...3600000, got \"fast\"")
    }

    @Test func outOfRangeNamesKeyAndValue() throws {
        let data = try document { root in
            root["risk"] = ["maxPosition": -5]
        }
        #expect(error(data)?.description == "test.json: risk.maxPosition: expected a positive integer, got -5")
    }

    @Test func missingRequiredKeyIsNamed() throws {
        let data = try document { root in
            var strategy = (root["strategies"] as! [[String: Any]])[0]
            strategy.removeValue(forKey: "plugin")
            root["strategies"] = [strategy]
        }
        #expect(error(data)?.description == "test.json: strategies[0].plugin: missing required key")
    }

    @Test func nonIntegerMoneyIsRefused() throws {
        let data = try document { root in
            root["risk"] = ["maxNotionalPerOrder": 10.5]
        }
        #expect(error(data)?.description == "test.json: risk.maxNotionalPerOrder: expected an integer in 1...92233720368547758, got 10.5")
    }

    @Test func anAPIKeyInTheFileIsRefused() throws {
        let data = try document { root in
            root["exchange"] = ["baseURL": "http://127.0.0.1:1/ob/api", "apiKey": "secret"]
        }
        let message = error(data)?.description ?? ""
        #expect(message.hasPrefix("test.json: exchange.apiKey: secrets never go in the configuration"))
        #expect(!message.contains("secret\""))
    }

    @Test func versionIsRequiredAndChecked() throws {
        #expect(error(try document { $0.removeValue(forKey: "version") })?.keyPath == "version")
        #expect(error(try document { $0["version"] = 2 })?.description == "test.json: version: unsupported version 2, this tickwork reads 1")
    }

    @Test func invalidJSONNamesTheFile() {
        #expect(error(Data("{\"version\": 1,".utf8))?.description == "test.json: not valid JSON")
    }

    @Test func perStrategyRiskOverridesTheDefaults() throws {
        let data = try document { root in
            root["risk"] = ["maxPosition": 100, "maxOrderQty": 50]
            var strategy = (root["strategies"] as! [[String: Any]])[0]
            strategy["risk"] = ["maxPosition": 10]
            root["strategies"] = [strategy]
        }
        let configuration = try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
        #expect(configuration.risk.maxPosition == 100)
        #expect(configuration.strategies[0].risk.maxPosition == 10)
        #expect(configuration.strategies[0].risk.maxOrderQty == 50)
    }

    @Test func duplicateStrategyIDsAreRefused() throws {
        let data = try document { root in
            let strategy = (root["strategies"] as! [[String: Any]])[0]
            root["strategies"] = [strategy, strategy]
        }
        #expect(error(data)?.description == "test.json: strategies[1].id: duplicate strategy id fs")
    }

    @Test func strategyParametersAreCheckedAgainstThePluginSchema() throws {
        let data = try document { root in
            var strategy = (root["strategies"] as! [[String: Any]])[0]
            strategy["parameters"] = ["quantity": 0]
            root["strategies"] = [strategy]
        }
        let configuration = try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
        let scan = try configuration.loadPlugins()
        #expect(throws: ConfigurationError(
            file: "test.json", keyPath: "strategies[0].parameters.quantity", message: "expected an integer in 1...1000000, got 0")) {
            try configuration.instantiateStrategies(from: scan)
        }
    }

    @Test func aStrategyNoPluginProvidesIsNamed() throws {
        let data = try document { root in
            var strategy = (root["strategies"] as! [[String: Any]])[0]
            strategy["plugin"] = "Nope"
            root["strategies"] = [strategy]
        }
        let configuration = try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
        let scan = try configuration.loadPlugins()
        do {
            _ = try configuration.instantiateStrategies(from: scan)
            Issue.record("a missing plugin was accepted")
        } catch let error as ConfigurationError {
            #expect(error.keyPath == "strategies[0].plugin")
            // Every shipped plugin is built next to the tests; the list names them all.
            #expect(error.message.contains("provides strategy Nope (available: "))
            #expect(error.message.contains("FirstSteps"))
        }
    }

    @Test func shippedConfigurationsAreValid() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("config")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".json") }
        #expect(!files.isEmpty)
        for name in files {
            let configuration = try Configuration.load(file: root.appendingPathComponent(name).path)
            let scan = try configuration.loadPlugins()
            #expect(try configuration.instantiateStrategies(from: scan).count == configuration.strategies.count)
        }
    }

    @Test func relativePathsAreResolvedAgainstTheGivenDirectoryAndAbsoluteOnesKept() throws {
        let data = try document { root in
            root["ledger"] = ["path": "data/ledger.jsonl"]
            root["riskStatePath"] = "/var/lib/tickwork/risk.json"
            root["pluginDirectory"] = "../plugins"
            root["recording"] = ["path": "./session.jsonl"]
        }
        let configuration = try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
        #expect(configuration.directory == "/etc/tickwork")
        #expect(configuration.ledger.path == "/etc/tickwork/data/ledger.jsonl")
        #expect(configuration.riskStatePath == "/var/lib/tickwork/risk.json")
        #expect(configuration.pluginDirectory == "/etc/plugins")
        #expect(configuration.recordingPath == "/etc/tickwork/session.jsonl")
    }

    @Test func defaultPathsLandBesideTheConfiguration() throws {
        let configuration = try Configuration.parse(Data(Self.minimal.utf8), file: "test.json", directory: "/srv/desk")
        #expect(configuration.ledger.path == "/srv/desk/tickwork-ledger.jsonl")
        #expect(configuration.riskStatePath == "/srv/desk/tickwork-risk-state.json")
        #expect(configuration.effectivePluginDirectory == PluginLoader.executableDirectory)
    }

    @Test func aFileIsResolvedAgainstItsOwnDirectoryWhateverTheWorkingDirectory() throws {
        let scratch = try TemporaryDirectory("tickwork-config")
        defer { scratch.remove() }
        let directory = scratch.path
        try FileManager.default.createDirectory(atPath: directory + "/conf", withIntermediateDirectories: true)
        try Self.minimal.write(toFile: directory + "/conf/tickwork.json", atomically: true, encoding: .utf8)
        #expect(try Configuration.load(file: directory + "/conf/tickwork.json").ledger.path == directory + "/conf/tickwork-ledger.jsonl")
        #expect(Configuration.directory(of: "conf/tickwork.json") == FileManager.default.currentDirectoryPath + "/conf")
    }

    @Test func theCAFileIsResolvedBesideTheConfigurationAndAbsentByDefault() throws {
        let relative = try document { root in
            root["exchange"] = ["baseURL": "https://venue.example/ob/api", "caFile": "certs/venue-ca.pem"]
        }
        #expect(try Configuration.parse(relative, file: "test.json", directory: "/etc/tickwork").exchange.caFile == "/etc/tickwork/certs/venue-ca.pem")
        let absent = try document { root in root["exchange"] = ["baseURL": "https://venue.example/ob/api"] }
        #expect(try Configuration.parse(absent, file: "test.json", directory: "/etc/tickwork").exchange.caFile == nil)
        let number = try document { root in root["exchange"] = ["baseURL": "https://venue.example/ob/api", "caFile": 3] }
        #expect(throws: ConfigurationError.self) { try Configuration.parse(number, file: "test.json", directory: "/etc/tickwork") }
    }

    @Test func theAPIKeyFileIsLookedForInTheCredentialsDirectoryFirstThenBesideTheConfiguration() throws {
        let data = try document { root in
            root["exchange"] = ["baseURL": "http://127.0.0.1:1/ob/api", "apiKeyFile": "api-key"]
        }
        let configuration = try Configuration.parse(data, file: "test.json", directory: "/etc/tickwork")
        #expect(configuration.exchange.apiKey == .file("api-key"))
        let credentials = ["CREDENTIALS_DIRECTORY": "/run/credentials/tickwork.service"]
        #expect(configuration.apiKeyFilePath("api-key", environment: credentials) == ("/run/credentials/tickwork.service/api-key", true))
        #expect(configuration.apiKeyFilePath("api-key", environment: [:]) == ("/etc/tickwork/api-key", false))
        #expect(configuration.apiKeyFilePath("/srv/key", environment: credentials) == ("/srv/key", false))
    }
}
