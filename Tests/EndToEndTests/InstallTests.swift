import Foundation
import Testing
import TestSupport

/// `scripts/install.sh` into a scratch root (DESTDIR), with this build's binaries: the service's
/// user exists, the configuration is readable by its group and no one else, code is writable by
/// root only, and the unit files pass `systemd-analyze verify` and keep their hardening.
/// Needs root and systemd's tools (`.ci/run` installs them); no running systemd.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct InstallTests {
    static let systemdAnalyze = "/usr/bin/systemd-analyze"

    /// install.sh sets owners: without root each test fails in CI and is skipped elsewhere.
    init() throws {
        try Prerequisite.require(Prerequisite.isRoot, "root: install.sh sets owners")
    }

    /// The highest `systemd-analyze security --offline=yes` exposure each unit may have: the
    /// scores when the units were last hardened (1.5 and 1.1; 3.2 and 3.7 before).
    static let exposureLimits = ["tickwork.service": 15, "tickwork-exchange.service": 11]

    struct Installed: ScratchRoot {
        let root: String

        init() async throws {
            root = NSTemporaryDirectory() + "tickwork-install-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let result = try await TickworkProcess.run(
                ["bash", TickworkProcess.packageRoot + "/scripts/install.sh"],
                environment: ["DESTDIR": root, "TICKWORK_BIN_DIR": TickworkProcess.buildDirectory], timeout: 120,
                executable: "/usr/bin/env")
            guard result.status == 0 else { throw InstallFailed(output: result.stdout + result.stderr) }
        }
    }

    struct InstallFailed: Error, CustomStringConvertible {
        var output: String
        var description: String { "scripts/install.sh failed: \(output.suffix(2_000))" }
    }

    @Test func theServiceCanReadItsConfigurationAndNoOneElseCanChangeIt() async throws {
        let installed = try await Installed()
        defer { installed.remove() }
        let group = try installed.id(of: "tickwork")
        #expect(try installed.attributes("/etc/tickwork/tickwork.json") == (0o640, 0, group))
        #expect(try installed.attributes("/etc/tickwork") == (0o750, 0, group))
        #expect(try installed.attributes("/usr/local/lib/tickwork") == (0o755, 0, 0))
        #expect(try installed.attributes("/usr/local/lib/tickwork/tickwork") == (0o755, 0, 0))
        #expect(try installed.attributes("/usr/local/lib/tickwork/libFirstSteps.so") == (0o644, 0, 0))
        #expect(try installed.attributes("/etc/systemd/system/tickwork.service") == (0o644, 0, 0))
        let passwd = try String(contentsOfFile: installed.root + "/etc/passwd", encoding: .utf8)
        #expect(passwd.contains("tickwork:x:"))

        // The installed binary accepts the installed configuration and finds its plugins.
        let check = try await TickworkProcess.run(
            ["config", "check", installed.root + "/etc/tickwork/tickwork.json"],
            executable: installed.root + "/usr/local/lib/tickwork/tickwork")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("ledger: /var/lib/tickwork/tickwork-ledger.jsonl"), "\(check.stdout)")
    }

    @Test func theUnitFilesVerifyAndStayHardened() async throws {
        let installed = try await Installed()
        defer { installed.remove() }
        for (unit, limit) in Self.exposureLimits.sorted(by: { $0.key < $1.key }) {
            let path = "/etc/systemd/system/" + unit
            let verify = try await installed.verifyUnit(path, command: "/usr/local/bin/tickwork", binary: "/usr/local/lib/tickwork/tickwork")
            #expect(verify.status == 0 && verify.stdout.isEmpty && verify.stderr.isEmpty, "\(unit): \(verify.stdout)\(verify.stderr)")
            let security = try await TickworkProcess.run(
                ["security", "--offline=yes", "--threshold=\(limit)", "--no-pager", installed.root + path], executable: Self.systemdAnalyze)
            #expect(security.status == 0, "\(unit): \(security.stdout.split(separator: "\n").last ?? "")")
        }
    }
}
