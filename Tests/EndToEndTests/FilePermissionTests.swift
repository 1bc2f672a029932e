import Foundation
import Testing
import TestSupport

/// Code and secrets others could have changed or read are refused, as sshd refuses keys with
/// loose modes: a plugin directory or plugin writable by group or others, an API key file
/// readable by them. The daemon opens only the plugins its configuration names.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct FilePermissionTests {
    /// A temporary directory holding `plugins/` (a copy of FirstSteps and the SDK) and a
    /// configuration trading FirstSteps from it on the embedded exchange.
    struct Workspace {
        let directory: String
        var plugins: String { directory + "/plugins" }
        var config: String { directory + "/tickwork.json" }

        init(keyFile: Bool = false) throws {
            directory = NSTemporaryDirectory() + "tickwork-modes-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory + "/plugins", withIntermediateDirectories: true)
            for name in ["libFirstSteps.so", "libStrategyKit.so"] {
                try FileManager.default.copyItem(atPath: TickworkProcess.buildDirectory + "/" + name, toPath: plugins + "/" + name)
            }
            try """
                {"version": 1,
                 "exchange": {"venue": "TESTEX", "account": "EXB123456"\(keyFile ? ", \"apiKeyFile\": \"\(directory)/api-key\"" : "")},
                 "embeddedExchange": {"listen": "127.0.0.1:0", "bots": 0},
                 "pluginDirectory": "\(plugins)",
                 "strategies": [{"id": "fs", "plugin": "FirstSteps", "symbols": ["FOOBAR"], "parameters": {"quantity": 10}}],
                 "ledger": {"path": "\(directory)/ledger.jsonl", "fsync": "never"},
                 "riskStatePath": "\(directory)/risk.json"}
                """.write(toFile: config, atomically: true, encoding: .utf8)
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }
    }

    @Test func aWorldWritablePluginDirectoryIsRefusedNamingIt() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        chmod(workspace.plugins, 0o777)
        let result = try await TickworkProcess.run(["config", "check", workspace.config])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tickwork: \(workspace.plugins): "), "\(result.stderr)")
        #expect(result.stderr.contains("writable by group or others (mode 0777)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aGroupWritablePluginIsRefusedNamingIt() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        chmod(workspace.plugins + "/libFirstSteps.so", 0o666)
        let result = try await TickworkProcess.run(["config", "check", workspace.config])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tickwork: \(workspace.plugins)/libFirstSteps.so: "), "\(result.stderr)")
        #expect(result.stderr.contains("(mode 0666)"), "\(result.stderr)")
    }

    /// Only root may give a file away (CI runs as root).
    @Test func aPluginOwnedByAnotherUserIsRefused() async throws {
        try Prerequisite.require(Prerequisite.isRoot, "root, to give a plugin to another user")
        let workspace = try Workspace()
        defer { workspace.remove() }
        #expect(chown(workspace.plugins + "/libFirstSteps.so", 4_242, 4_242) == 0)
        let result = try await TickworkProcess.run(["config", "check", workspace.config])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(workspace.plugins)/libFirstSteps.so: "), "\(result.stderr)")
        #expect(result.stderr.contains("owned by uid 4242"), "\(result.stderr)")
    }

    @Test func theDaemonOpensOnlyThePluginsItsConfigurationNames() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try "not a library\n".write(toFile: workspace.plugins + "/libBroken.so", atomically: true, encoding: .utf8)
        let result = try await TickworkProcess.run(["run", "--config", workspace.config, "--duration", "1s"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("strategy loaded"))
        #expect(!result.stderr.contains("libBroken.so"), "\(result.stderr)")
    }

    @Test func strategiesListStillLoadsEveryPluginAndRefusesLooseOnes() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try FileManager.default.copyItem(
            atPath: TickworkProcess.buildDirectory + "/libMomentum.so", toPath: workspace.plugins + "/libMomentum.so")
        chmod(workspace.plugins + "/libMomentum.so", 0o646)
        let result = try await TickworkProcess.run(["strategies", "list", "--plugin-dir", workspace.plugins])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("1 strategy in \(workspace.plugins)"))
        #expect(result.stderr.contains("\(workspace.plugins)/libMomentum.so: "), "\(result.stderr)")
        #expect(result.stderr.contains("(mode 0646)"), "\(result.stderr)")
    }

    @Test func anAPIKeyFileReadableByOthersIsRefusedNamingItsMode() async throws {
        let workspace = try Workspace(keyFile: true)
        defer { workspace.remove() }
        try Data("practice-key\n".utf8).write(to: URL(fileURLWithPath: workspace.directory + "/api-key"))
        chmod(workspace.directory + "/api-key", 0o644)
        let result = try await TickworkProcess.run(["run", "--config", workspace.config, "--duration", "1s"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(workspace.directory)/api-key: "), "\(result.stderr)")
        #expect(result.stderr.contains("(mode 0644)"), "\(result.stderr)")
    }
}
