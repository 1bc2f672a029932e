import Foundation
import Testing
import TestSupport

/// Each command's no-result path exits as README.md's "Options" says, with or without `--json`:
/// an empty listing is done (0), a search that finds nothing is 1, like grep.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct ExitStatusTests {
    /// A directory with the shipped configuration, an empty ledger beside it, and a state
    /// directory with no watch list.
    private func installation() throws -> (TemporaryDirectory, environment: [String: String]) {
        let directory = try TemporaryDirectory("tickwork-no-result")
        let text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
        try text.write(toFile: directory.path + "/tickwork.json", atomically: true, encoding: .utf8)
        try #require(FileManager.default.createFile(atPath: directory.path + "/tickwork-ledger.jsonl", contents: Data()))
        return (directory, ["TICKWORK_CONFIG": directory.path + "/tickwork.json", "XDG_STATE_HOME": directory.path, "STATE_DIRECTORY": ""])
    }

    /// Each command line and the status it must exit with.
    static let cases: [([String], Int32)] = [
        (["tail"], 0),
        (["tail", "FOOBAR"], 0),
        (["ledger", "verify"], 0),
        (["history", "fills"], 0),
        (["history", "orders", "FOOBAR"], 0),
        (["history", "denials"], 0),
        (["history", "pnl"], 0),
        (["history", "sql", "SELECT 1 WHERE 0"], 0),
        (["watch", "list"], 0),
        (["symbols", "search", "zzqqxx"], 1),
    ]

    @Test(arguments: cases)
    func nothingFoundExitsTheSameWithAndWithoutJSON(arguments: [String], status: Int32) async throws {
        let (directory, environment) = try installation()
        defer { directory.remove() }
        let text = try await TickworkProcess.run(arguments, environment: environment)
        let json = try await TickworkProcess.run(arguments + ["--json"], environment: environment)
        #expect(text.status == status, "\(text.stderr)")
        #expect(json.status == status, "\(json.stderr)")
        // What --json printed is JSON (or nothing, for tail's JSON Lines of no fill).
        if !json.stdout.isEmpty {
            #expect((try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8))) != nil, "\(json.stdout)")
        }
    }

    @Test func anEmptyPluginDirectoryAndAnExchangeWithNoOrdersAreEmptyListings() async throws {
        let (directory, environment) = try installation()
        defer { directory.remove() }
        let plugins = directory.path + "/plugins"
        try FileManager.default.createDirectory(atPath: plugins, withIntermediateDirectories: true)
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let calls = ["--base-url", exchange.baseURL]
        for arguments in [["strategies", "list", "--plugin-dir", plugins], ["orders"] + calls, ["orders", "FOOBAR"] + calls] {
            for json in [[], ["--json"]] {
                let result = try await TickworkProcess.run(arguments + json, environment: environment.merging(["TICKWORK_API_KEY": "k"]) { $1 })
                #expect(result.status == 0, "\(arguments + json): \(result.stderr)")
            }
        }
    }

    @Test func anOldSpellingStillWorksAndWarnsOnStderr() async throws {
        let (directory, environment) = try installation()
        defer { directory.remove() }
        let result = try await TickworkProcess.run(["tail", "--lines", "3", "--json"], environment: environment)
        #expect(result.status == 0)
        #expect(result.stderr == "tickwork: warning: --lines is deprecated: use --limit (the old spelling goes in the next release)\n")
    }
}
