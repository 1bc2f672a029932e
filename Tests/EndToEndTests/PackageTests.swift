import Foundation
import Recording
import Testing
import TestSupport

/// The release `scripts/package.sh` made, in the directory TICKWORK_RELEASE_DIR names (`.ci/run`
/// makes it and sets the variable; without the variable, root or unshare each test fails in CI
/// and is skipped elsewhere, saying so, and with the variable a missing release fails). The tarball runs where the Swift toolchain cannot be
/// reached: each command runs in a mount namespace of its own (`unshare --mount`) in which a tmpfs
/// covers the directory the test's own Swift runtime was loaded from, with no LD_LIBRARY_PATH.
/// The Debian package is installed into a scratch root by dpkg itself (`dpkg --root`, its
/// maintainer scripts run with DPKG_ROOT), then purged.
private let unshare = "/usr/bin/unshare"
private let releaseDirectory = ProcessInfo.processInfo.environment["TICKWORK_RELEASE_DIR"]

@Suite(.processHeavy, .timeLimit(.minutes(10)))
struct PackageTests {
    static let plugins = ["BlockBuyer", "FirstSteps", "MarketMaker", "Momentum", "RunUp"]

    init() throws {
        try Prerequisite.require(Prerequisite.isRoot, "root: unshare --mount and mount hide the toolchain, and dpkg --root sets owners")
        try Prerequisite.require(Prerequisite.executable(unshare), "unshare (util-linux)")
        try Prerequisite.require(
            releaseDirectory != nil,
            "TICKWORK_RELEASE_DIR: run scripts/package.sh and set it to the directory it wrote (.ci/run does both)")
    }

    /// A scratch directory that stands for a machine's root, or holds an unpacked release.
    struct Scratch: ScratchRoot {
        let root = NSTemporaryDirectory() + "tickwork-package-" + UUID().uuidString

        init() throws {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }
    }

    /// The release directory's one file named `prefix`, this build's version, `separator`, an
    /// architecture and `suffix`: `tickwork-0.1.0-linux-x86_64.tar.gz`, `tickwork_0.1.0_amd64.deb`.
    static func releaseFile(_ prefix: String, _ separator: String, _ suffix: String) async throws -> String {
        let directory = try #require(releaseDirectory)
        let built = try await TickworkProcess.run(["--version"])
        let version = try #require(built.stdout.split(separator: " ").dropFirst().first, "\(built.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { $0.hasPrefix(prefix + version + separator) && $0.hasSuffix(suffix) }
        try #require(names.count == 1, "\(directory) holds \(names), not one \(prefix)\(version)*\(suffix): run scripts/package.sh")
        return directory + "/" + names[0]
    }

    /// The toolchain's directory: the one the test's own `libswiftCore.so` was loaded from, less
    /// its `usr/lib/swift/linux/` (`/opt/swift` on this machine).
    static func toolchainDirectory() throws -> String {
        // Read to the end: /proc files say they are empty, which a whole-file read believes.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let line = try #require(maps.split(separator: "\n").first { $0.hasSuffix("/libswiftCore.so") })
        let library = String(try #require(line.split(separator: " ").last))
        let suffix = "/usr/lib/swift/linux/libswiftCore.so"
        try #require(library.hasSuffix(suffix), "libswiftCore.so loaded from \(library)")
        return String(library.dropLast(suffix.count))
    }

    /// Runs `command` in `directory`, in a mount namespace of its own where a tmpfs covers
    /// `hidden`, with no LD_LIBRARY_PATH.
    static func runHidden(_ command: [String], hiding hidden: String, in directory: String) async throws -> TickworkProcess.Result {
        let script = #"mount -t tmpfs -o size=1m,mode=0755 tickwork-hides-the-toolchain "$0" && cd "$1" && shift && exec "$@""#
        return try await TickworkProcess.run(
            ["--mount", "--propagation", "private", "/bin/sh", "-c", script, hidden, directory] + command,
            environment: ["LD_LIBRARY_PATH": ""], executable: unshare)
    }

    /// Unpacks the release's tarball into `scratch`: the release's directory, and an empty
    /// `work` directory beside it.
    static func unpackRelease(into scratch: Scratch) async throws -> (release: String, work: String) {
        let tarball = try await Self.releaseFile("tickwork-", "-linux-", ".tar.gz")
        let unpack = try await TickworkProcess.run(["-xzf", tarball, "-C", scratch.root], executable: "/bin/tar")
        try #require(unpack.status == 0, "\(unpack.stderr)")
        let top = try #require(try FileManager.default.contentsOfDirectory(atPath: scratch.root).first)
        let work = scratch.root + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        return (scratch.root + "/" + top, work)
    }

    @Test func theTarballRunsWhereTheToolchainIsHidden() async throws {
        let toolchain = try Self.toolchainDirectory()
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (release, work) = try await Self.unpackRelease(into: scratch)

        // The namespace really hides the toolchain.
        let listing = try await Self.runHidden(["/bin/ls", "-A", toolchain], hiding: toolchain, in: work)
        try #require(listing.status == 0 && listing.stdout.isEmpty, "\(toolchain) not hidden: \(listing.stdout)\(listing.stderr)")

        let libraries = try await Self.runHidden(
            ["/usr/bin/ldd", release + "/tickwork"] + Self.plugins.map { release + "/lib\($0).so" }, hiding: toolchain, in: work)
        #expect(libraries.status == 0 && !libraries.stdout.contains("not found"), "\(libraries.stdout)\(libraries.stderr)")
        #expect(!libraries.stdout.contains(toolchain), "\(libraries.stdout)")

        let built = try await TickworkProcess.run(["--version"])
        let version = try await Self.runHidden([release + "/tickwork", "--version"], hiding: toolchain, in: work)
        #expect(version.status == 0 && version.stdout == built.stdout, "\(version.stdout)\(version.stderr)")

        let list = try await Self.runHidden([release + "/tickwork", "strategies", "list"], hiding: toolchain, in: work)
        #expect(list.status == 0, "\(list.stdout)\(list.stderr)")
        for plugin in Self.plugins {
            #expect(list.stdout.contains(plugin), "\(list.stdout)")
        }

        // The manual holds every command's help.
        let manual = try String(contentsOfFile: release + "/man/tickwork.1", encoding: .utf8)
        for command in ["run", "exchange", "strategies list", "config check", "order place"] {
            #expect(manual.contains(".SS tickwork \(command)\n"), "no \(command) in man/tickwork.1")
        }

        // The embedded default: its own simulated exchange, FirstSteps, a ledger in the directory.
        let run = try await Self.runHidden([release + "/tickwork", "run", "--duration", "1s"], hiding: toolchain, in: work)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: work + "/tickwork-ledger.jsonl"), "\(run.stderr)")
    }

    /// The release is compiled with flags the tests' debug build is not (Package.swift's
    /// `hotPathSettings`: no run-time exclusivity checks, fields copied in place): its backtests
    /// report what the test build's do, byte for byte, from each form of a recording.
    @Test(arguments: [RecordingFormat.jsonLines, .binary, .compact])
    func theReleaseBacktestsAsTheTestBuildDoes(format: RecordingFormat) async throws {
        let toolchain = try Self.toolchainDirectory()
        let scratch = try Scratch()
        defer { scratch.remove() }
        let (release, work) = try await Self.unpackRelease(into: scratch)
        let data = work + "/books." + (format == .compact ? "twrc" : format == .binary ? "twrb" : "jsonl")
        try BacktestCLITests.writeDriftingRecording(to: data, books: 3_000, format: format)
        let backtest = ["backtest", "--data", data] + BacktestCLITests.marketMaker
        let built = try await TickworkProcess.run(backtest + ["--report", work + "/built"])
        let shipped = try await Self.runHidden([release + "/tickwork"] + backtest + ["--report", work + "/shipped"], hiding: toolchain, in: work)
        try #require(built.status == 0, "\(built.stderr)")
        try #require(shipped.status == 0, "\(shipped.stderr)")
        try await BacktestCLITests.expectReportWithFills(in: work + "/shipped")
        for file in ["report.json", "ledger.jsonl", "equity.csv", "report.html"] {
            let (builtBytes, shippedBytes) = try (Data(contentsOf: URL(fileURLWithPath: work + "/built/" + file)),
                                                  Data(contentsOf: URL(fileURLWithPath: work + "/shipped/" + file)))
            #expect(builtBytes == shippedBytes, "\(file) differs")
        }
    }

    @Test func theDebianPackageInstallsTheServiceAndItsPurgeKeepsTheLedger() async throws {
        let toolchain = try Self.toolchainDirectory()
        let package = try await Self.releaseFile("tickwork_", "_", ".deb")
        let scratch = try Scratch()
        defer { scratch.remove() }
        let database = scratch.root + "/var/lib/dpkg"
        for directory in ["info", "updates", "triggers"] {
            try FileManager.default.createDirectory(atPath: database + "/" + directory, withIntermediateDirectories: true)
        }
        try Data().write(to: URL(fileURLWithPath: database + "/status"))
        // The scratch root has none of the package's dependencies: they are the running system's.
        let dpkg = ["--root=" + scratch.root, "--force-script-chrootless", "--force-depends", "--log=" + scratch.root + "/dpkg.log"]

        let install = try await TickworkProcess.run(dpkg + ["--install", package], executable: "/usr/bin/dpkg")
        try #require(install.status == 0, "\(install.stdout)\(install.stderr)")
        let user = try scratch.id(of: "tickwork", in: "/etc/passwd")
        let group = try scratch.id(of: "tickwork")
        #expect(try scratch.attributes("/etc/tickwork") == (0o750, 0, group))
        #expect(try scratch.attributes("/etc/tickwork/tickwork.json") == (0o640, 0, group))
        #expect(try scratch.attributes("/var/lib/tickwork") == (0o750, user, group))
        #expect(try scratch.attributes("/usr/lib/tickwork") == (0o755, 0, 0))
        #expect(try scratch.attributes("/usr/lib/tickwork/tickwork") == (0o755, 0, 0))
        #expect(try scratch.attributes("/usr/lib/tickwork/libFirstSteps.so") == (0o644, 0, 0))
        #expect(try scratch.attributes("/lib/systemd/system/tickwork.service") == (0o644, 0, 0))
        #expect(try scratch.attributes("/usr/share/bash-completion/completions/tickwork") == (0o644, 0, 0))
        #expect(try scratch.attributes("/usr/share/zsh/vendor-completions/_tickwork") == (0o644, 0, 0))

        for unit in ["tickwork.service", "tickwork-exchange.service"] {
            let verify = try await scratch.verifyUnit("/lib/systemd/system/" + unit, command: "/usr/bin/tickwork", binary: "/usr/lib/tickwork/tickwork")
            #expect(verify.status == 0 && verify.stdout.isEmpty && verify.stderr.isEmpty, "\(unit): \(verify.stdout)\(verify.stderr)")
        }

        // The installed command, through its /usr/bin link, without the toolchain, accepts the
        // installed configuration and finds the plugin it names.
        let check = try await Self.runHidden(
            [scratch.root + "/usr/bin/tickwork", "config", "check", scratch.root + "/etc/tickwork/tickwork.json"],
            hiding: toolchain, in: scratch.root)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("ledger: /var/lib/tickwork/tickwork-ledger.jsonl"), "\(check.stdout)")

        let purge = try await TickworkProcess.run(dpkg + ["--purge", "tickwork"], executable: "/usr/bin/dpkg")
        #expect(purge.status == 0, "\(purge.stdout)\(purge.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/usr/lib/tickwork"))
        #expect(!FileManager.default.fileExists(atPath: scratch.root + "/etc/tickwork"))
        #expect(FileManager.default.fileExists(atPath: scratch.root + "/var/lib/tickwork"))
    }
}
