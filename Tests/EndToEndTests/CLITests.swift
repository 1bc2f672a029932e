import Foundation
import Testing
import TestSupport

/// The command line as a user meets it: help text, version, exit statuses, errors.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct CLITests {
    static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    /// `--help` output is pinned in `Snapshots/<name>.txt`; set `TICKWORK_RECORD_SNAPSHOTS=1`
    /// to rewrite them after an intended change.
    @Test(arguments: [
        ("tickwork", ["--help"]),
        ("strategies-list", ["strategies", "list", "--help"]),
        ("config-check", ["config", "check", "--help"]),
        ("level", ["level", "--help"]),
        ("detect", ["detect", "--help"]),
        ("tail", ["tail", "--help"]),
        ("ledger-verify", ["ledger", "verify", "--help"]),
        ("backtest", ["backtest", "--help"]),
        ("record", ["record", "--help"]),
        ("record-convert", ["record", "convert", "--help"]),
        ("exchange", ["exchange", "--help"]),
        ("status", ["status", "--help"]),
        ("sweep-plan", ["sweep", "plan", "--help"]),
        ("watch", ["watch", "--help"]),
        ("watch-add", ["watch", "add", "--help"]),
        ("symbols-search", ["symbols", "search", "--help"]),
        ("symbols-refresh", ["symbols", "refresh", "--help"]),
        ("history", ["history", "--help"]),
        ("history-fills", ["history", "fills", "--help"]),
        ("quote", ["quote", "--help"]),
        ("order-place", ["order", "place", "--help"]),
        ("order-replace", ["order", "replace", "--help"]),
    ])
    func helpMatchesSnapshot(name: String, arguments: [String]) async throws {
        let result = try await TickworkProcess.run(arguments)
        #expect(result.status == 0)
        let file = Self.snapshots.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["TICKWORK_RECORD_SNAPSHOTS"] == "1" {
            try result.stdout.write(to: file, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(result.stdout == expected)
    }

    @Test func versionPrintsAndExitsZero() async throws {
        let result = try await TickworkProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("tickwork 0."))
        #expect(result.stdout.contains("StrategyKit SDK 4.1"))
    }

    @Test(arguments: [["frobnicate"], ["strategies", "list", "--bogus"], ["config", "check", "a", "b"], ["strategies", "list", "--plugin-dir"]])
    func usageErrorsExit64WithUsageOnStderr(arguments: [String]) async throws {
        let result = try await TickworkProcess.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("USAGE: tickwork"))
    }

    @Test func runtimeFailureExits1WithOneLineNamingTheFile() async throws {
        let result = try await TickworkProcess.run(["config", "check", "/nonexistent/tickwork.json"])
        #expect(result.status == 1)
        #expect(result.stderr == "tickwork: /nonexistent/tickwork.json: cannot read the file\n")
    }

    @Test func configCheckNamesTheBadKey() async throws {
        let scratch = try TemporaryDirectory("tickwork-cli")
        defer { scratch.remove() }
        let directory = scratch.path
        let file = directory + "/bad.json"
        let text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
            .replacingOccurrences(of: "\"maxPosition\": 1000", with: "\"maxPosition\": -5")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try await TickworkProcess.run(["config", "check", file])
        #expect(result.status == 1)
        #expect(result.stderr == "tickwork: \(file): risk.maxPosition: expected a positive integer, got -5\n")
    }

    @Test func embeddedDefaultIsTheShippedConfigFile() async throws {
        let result = try await TickworkProcess.run(["config", "check"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("config/tickwork.json (embedded): ok"))
        let source = try String(contentsOfFile: TickworkProcess.packageRoot + "/Sources/TickworkCLI/DefaultConfiguration.swift", encoding: .utf8)
        let shipped = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
        #expect(source.contains("#\"\"\"\n" + shipped + "\"\"\"#"), "DefaultConfiguration.json must equal config/tickwork.json")
    }

    @Test func strategiesListDescribesThePluginsAsJSON() async throws {
        let result = try await TickworkProcess.run(["strategies", "list", "--json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let plugins = try #require(object?["plugins"] as? [[String: Any]])
        let firstSteps = try #require(plugins.first { $0["name"] as? String == "FirstSteps" })
        #expect(firstSteps["sdkVersion"] as? String == "4.1")
        let parameters = try #require(firstSteps["parameters"] as? [[String: Any]])
        let quantity = try #require(parameters.first { $0["name"] as? String == "quantity" })
        #expect(quantity["default"] as? Int == 100)
        #expect(quantity["max"] as? Int == 1_000_000)
    }

    @Test func strategiesListReportsABrokenFileAndGoesOn() async throws {
        let scratch = try TemporaryDirectory("tickwork-cli")
        defer { scratch.remove() }
        let directory = scratch.path
        try FileManager.default.copyItem(atPath: TickworkProcess.buildDirectory + "/libFirstSteps.so", toPath: directory + "/libFirstSteps.so")
        try "text".write(toFile: directory + "/libBroken.so", atomically: true, encoding: .utf8)
        let result = try await TickworkProcess.run(["strategies", "list", "--plugin-dir", directory])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FirstSteps 1.0.0 (SDK 4.1)"))
        #expect(result.stderr == "tickwork: \(directory)/libBroken.so: not a shared library (no ELF header)\n")
    }
}
