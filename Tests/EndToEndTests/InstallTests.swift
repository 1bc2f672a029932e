import Foundation
import Testing

/// `scripts/install.sh` into a scratch root (DESTDIR), with this build's binaries: the service's
/// user exists, the configuration is readable by its group and no one else, code is writable by
/// root only, and the unit files pass `systemd-analyze verify` and keep their hardening.
/// Needs systemd's tools (`.ci/run` installs them); no running systemd.
@Suite(.enabled(if: geteuid() == 0, "install.sh sets owners: run as root"), .timeLimit(.minutes(10))) struct InstallTests {
    static let systemdAnalyze = "/usr/bin/systemd-analyze"

    /// The highest `systemd-analyze security --offline=yes` exposure each unit may have: the
    /// scores when the units were last hardened (1.5 and 1.1; 3.2 and 3.7 before).
    static let exposureLimits = ["tickwork.service": 15, "tickwork-exchange.service": 11]

    struct Installed {
        let root: String

        init() throws {
            root = NSTemporaryDirectory() + "tickwork-install-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            let result = try TickworkProcess.run(
                ["bash", TickworkProcess.packageRoot + "/scripts/install.sh"],
                environment: ["DESTDIR": root, "TICKWORK_BIN_DIR": TickworkProcess.buildDirectory], timeout: 120,
                executable: "/usr/bin/env")
            guard result.status == 0 else { throw InstallFailed(output: result.stdout + result.stderr) }
        }

        /// The numeric id of `name` in the installed root's group file.
        func groupID(_ name: String) throws -> Int {
            let text = try String(contentsOfFile: root + "/etc/group", encoding: .utf8)
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(name + ":") })
            return try #require(Int(line.split(separator: ":")[2]))
        }

        /// Mode bits, owner and group of `path` under the root.
        func attributes(_ path: String) throws -> (mode: Int, owner: Int, group: Int) {
            let attributes = try FileManager.default.attributesOfItem(atPath: root + path)
            return (
                (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1,
                (attributes[.ownerAccountID] as? NSNumber)?.intValue ?? -1,
                (attributes[.groupOwnerAccountID] as? NSNumber)?.intValue ?? -1)
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    struct InstallFailed: Error, CustomStringConvertible {
        var output: String
        var description: String { "scripts/install.sh failed: \(output.suffix(2_000))" }
    }

    @Test func theServiceCanReadItsConfigurationAndNoOneElseCanChangeIt() throws {
        let installed = try Installed()
        defer { installed.remove() }
        let group = try installed.groupID("tickwork")
        #expect(try installed.attributes("/etc/tickwork/tickwork.json") == (0o640, 0, group))
        #expect(try installed.attributes("/etc/tickwork") == (0o750, 0, group))
        #expect(try installed.attributes("/usr/local/lib/tickwork") == (0o755, 0, 0))
        #expect(try installed.attributes("/usr/local/lib/tickwork/tickwork") == (0o755, 0, 0))
        #expect(try installed.attributes("/usr/local/lib/tickwork/libFirstSteps.so") == (0o644, 0, 0))
        #expect(try installed.attributes("/etc/systemd/system/tickwork.service") == (0o644, 0, 0))
        let passwd = try String(contentsOfFile: installed.root + "/etc/passwd", encoding: .utf8)
        #expect(passwd.contains("tickwork:x:"))

        // The installed binary accepts the installed configuration and finds its plugins.
        let check = try TickworkProcess.run(
            ["config", "check", installed.root + "/etc/tickwork/tickwork.json"],
            executable: installed.root + "/usr/local/lib/tickwork/tickwork")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout.contains("ledger: /var/lib/tickwork/tickwork-ledger.jsonl"), "\(check.stdout)")
    }

    @Test func theUnitFilesVerifyAndStayHardened() throws {
        let installed = try Installed()
        defer { installed.remove() }
        // Verified on this system (a scratch root lacks systemd's own units), with the command
        // pointed at the binary installed in the scratch root.
        let copies = installed.root + "/verify"
        try FileManager.default.createDirectory(atPath: copies, withIntermediateDirectories: true)
        for (unit, limit) in Self.exposureLimits.sorted(by: { $0.key < $1.key }) {
            let path = installed.root + "/etc/systemd/system/" + unit
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("ExecStart=/usr/local/bin/tickwork "))
            try text.replacingOccurrences(of: "ExecStart=/usr/local/bin/tickwork ", with: "ExecStart=\(installed.root)/usr/local/lib/tickwork/tickwork ")
                .write(toFile: copies + "/" + unit, atomically: true, encoding: .utf8)
            let verify = try TickworkProcess.run(["verify", copies + "/" + unit], executable: Self.systemdAnalyze)
            #expect(verify.status == 0 && verify.stdout.isEmpty && verify.stderr.isEmpty, "\(unit): \(verify.stdout)\(verify.stderr)")
            let security = try TickworkProcess.run(
                ["security", "--offline=yes", "--threshold=\(limit)", "--no-pager", path], executable: Self.systemdAnalyze)
            #expect(security.status == 0, "\(unit): \(security.stdout.split(separator: "\n").last ?? "")")
        }
    }
}
