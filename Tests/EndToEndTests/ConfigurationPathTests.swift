import Foundation
import Testing
import TestSupport

/// Where a configuration's relative paths point: beside the configuration file whatever the
/// working directory, and for the embedded default into the working directory, which the
/// daemon's start line then names.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct ConfigurationPathTests {
    /// Two fresh directories: one holding the configuration, another to run `tickwork` in.
    struct Directories {
        let config: String
        let elsewhere: String

        init() throws {
            let base = NSTemporaryDirectory() + "tickwork-paths-" + UUID().uuidString
            config = base + "/etc"
            elsewhere = base + "/cwd"
            for directory in [config, elsewhere] {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        }

        func remove() { try? FileManager.default.removeItem(atPath: (config as NSString).deletingLastPathComponent) }
    }

    /// A configuration trading FirstSteps on the embedded exchange, naming every file relatively.
    static let relativeConfiguration = """
        {"version": 1,
         "exchange": {"venue": "TESTEX", "account": "EXB123456", "apiKeyFile": "api-key"},
         "embeddedExchange": {"listen": "127.0.0.1:0", "bots": 0},
         "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["FOOBAR"], "parameters": {"quantity": 10}}],
         "ledger": {"path": "ledger.jsonl", "fsync": "always"},
         "riskStatePath": "state/risk.json",
         "logging": {"level": "info", "format": "text"}}
        """

    @Test func relativePathsInAConfigurationFileAreResolvedAgainstItsDirectory() async throws {
        let directories = try Directories()
        defer { directories.remove() }
        try FileManager.default.createDirectory(atPath: directories.config + "/state", withIntermediateDirectories: true)
        try Self.relativeConfiguration.write(toFile: directories.config + "/tickwork.json", atomically: true, encoding: .utf8)
        try Data("practice-key\n".utf8).write(to: URL(fileURLWithPath: directories.config + "/api-key"))
        chmod(directories.config + "/api-key", 0o600)

        let daemon = try SpawnedProcess(
            ["run", "--config", directories.config + "/tickwork.json", "--duration", "1s"], directory: directories.elsewhere)
        #expect(await daemon.exitStatus(within: 60) == 0, "\(daemon.stderr)")
        #expect(FileManager.default.fileExists(atPath: directories.config + "/ledger.jsonl"), "\(daemon.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directories.elsewhere + "/ledger.jsonl"))
        let start = daemon.stderr.split(separator: "\n").first { $0.contains("starting") }.map(String.init) ?? ""
        #expect(start.contains("ledger=\(directories.config)/ledger.jsonl"), "\(start)")
        #expect(start.contains("riskState=\(directories.config)/state/risk.json"), "\(start)")
    }

    @Test func theEmbeddedDefaultKeepsItsFilesInTheWorkingDirectoryAndSaysSo() async throws {
        let directories = try Directories()
        defer { directories.remove() }
        let daemon = try SpawnedProcess(["run", "--duration", "1s"], directory: directories.elsewhere)
        #expect(await daemon.exitStatus(within: 60) == 0, "\(daemon.stderr)")
        #expect(FileManager.default.fileExists(atPath: directories.elsewhere + "/tickwork-ledger.jsonl"))
        let start = daemon.stderr.split(separator: "\n").first { $0.contains("starting") }.map(String.init) ?? ""
        #expect(start.contains("ledger=\(directories.elsewhere)/tickwork-ledger.jsonl"), "\(start)")
        #expect(start.contains("riskState=\(directories.elsewhere)/tickwork-risk-state.json"), "\(start)")
        #expect(start.contains("the current directory"), "\(start)")
    }
}
