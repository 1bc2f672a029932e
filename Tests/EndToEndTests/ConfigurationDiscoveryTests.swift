import Foundation
import Testing
import TestSupport

/// Commands run with no argument on an installed system: they find the configuration in
/// `$TICKWORK_CONFIG` or the installed file (a temporary one here, named by
/// `$TICKWORK_INSTALLED_CONFIG`; a test never writes /etc), say which under `--verbose`, and
/// refuse an installed file the user may not read, naming it and the group to join.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct ConfigurationDiscoveryTests {
    /// A configuration in a fresh directory, its ledger beside it, its monitor on `monitor`.
    private func installed(monitor: String? = nil) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory("tickwork-discovery")
        let path = directory.path + "/tickwork.json"
        var text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
        if let monitor {
            text = text.replacingOccurrences(of: "\"pollIntervalMs\"", with: "\"monitor\": {\"listen\": \"\(monitor)\"},\n  \"pollIntervalMs\"")
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (directory, path)
    }

    @Test func configCheckWithNoArgumentReadsTheInstalledFileAndSaysSoUnderVerbose() async throws {
        let (directory, path) = try installed()
        defer { directory.remove() }
        let result = try await TickworkProcess.run(["config", "check", "--verbose"], environment: ["TICKWORK_INSTALLED_CONFIG": path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("configuration: \(path) (installed; no --config, $TICKWORK_CONFIG unset)"), "\(result.stderr)")
        #expect(result.stdout.contains("ledger: \(directory.path)/tickwork-ledger.jsonl"), "\(result.stdout)")
    }

    @Test func theVariableWinsOverTheInstalledFileAndErrorsNameIt() async throws {
        let (directory, path) = try installed()
        defer { directory.remove() }
        let missing = directory.path + "/missing.json"
        let result = try await TickworkProcess.run(
            ["ledger", "verify"], environment: ["TICKWORK_CONFIG": missing, "TICKWORK_INSTALLED_CONFIG": path])
        #expect(result.status == 1)
        #expect(result.stderr == "tickwork: \(missing) (from $TICKWORK_CONFIG): cannot read the file\n")
    }

    @Test func statusAsksTheMonitorTheConfigurationNames() async throws {
        // Port 1 on loopback: nothing listens, so the command reports the address it tried.
        let (directory, path) = try installed(monitor: "0.0.0.0:1")
        defer { directory.remove() }
        let result = try await TickworkProcess.run(["status"], environment: ["TICKWORK_CONFIG": path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tickwork: http://127.0.0.1:1/api/status: "), "\(result.stderr)")
    }

    /// An installed file the user cannot read, in a readable directory and in one the user may
    /// not search (/etc/tickwork is root:tickwork 0750): an error, not the embedded default.
    @Test(arguments: [false, true]) func anUnreadableInstalledFileIsAnErrorNamingTheGroup(hiddenDirectory: Bool) async throws {
        try Prerequisite.require(!Prerequisite.isRoot || Prerequisite.executable("/usr/bin/setpriv"), "setpriv (util-linux) to run as nobody")
        let (directory, _) = try installed()
        let etc = directory.path + "/etc"
        try FileManager.default.createDirectory(atPath: etc, withIntermediateDirectories: true)
        let path = etc + "/tickwork.json"
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        defer {
            chmod(etc, 0o755)
            directory.remove()
        }
        // Root runs the command as nobody, for whom owner-only modes shut it out; another user
        // is shut out of its own files by no mode at all.
        chmod(path, Prerequisite.isRoot ? 0o600 : 0)
        chmod(directory.path, 0o755)
        chmod(etc, hiddenDirectory ? (Prerequisite.isRoot ? 0o700 : 0) : 0o755)
        // nobody may not reach the build directory (a clone in a 0700 mktemp directory): it runs
        // a copy of the binary and the StrategyKit it loads ($ORIGIN) from the test's directory.
        let binary = directory.path + "/bin"
        if Prerequisite.isRoot {
            try FileManager.default.createDirectory(atPath: binary, withIntermediateDirectories: true)
            chmod(binary, 0o755)
            for file in ["tickwork", "libStrategyKit.so"] {
                try FileManager.default.copyItem(atPath: TickworkProcess.buildDirectory + "/" + file, toPath: binary + "/" + file)
            }
        }
        let asUser = Prerequisite.isRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", binary + "/tickwork"] : []
        let result = try await TickworkProcess.run(
            asUser + ["tail"], environment: ["TICKWORK_INSTALLED_CONFIG": path],
            executable: Prerequisite.isRoot ? "/usr/bin/setpriv" : TickworkProcess.buildDirectory + "/tickwork")
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(path): cannot read the installed configuration"), "\(result.stderr)")
        #expect(result.stderr.contains("join the group tickwork"), "\(result.stderr)")
    }
}
