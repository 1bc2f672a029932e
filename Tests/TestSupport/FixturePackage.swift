import Foundation
import Synchronization

/// A package under `Tests/Fixtures` (strategies built outside the main package, as a user builds
/// theirs), built with `swift build` once per test process and incrementally across runs.
public enum FixturePackage {
    private static let builds = Mutex<[String: Task<String, any Error>]>([:])

    /// Builds `Tests/Fixtures/<name>` of the package at `packageRoot` (into
    /// `.build/fixtures/<name>`) and returns the directory holding its products; a second call
    /// in the same process returns the first one's outcome.
    public static func products(_ name: String, packageRoot: String) async throws -> String {
        let build = builds.withLock { builds in
            if let started = builds[name] { return started }
            let started = Task { try await Self.build(name, packageRoot: packageRoot) }
            builds[name] = started
            return started
        }
        return try await build.value
    }

    /// `swift build` failed (or `--show-bin-path` did); its output says why.
    public struct BuildFailed: Error, CustomStringConvertible {
        public var package: String
        public var output: String
        public var description: String { "building \(package) failed: \(output.suffix(2_000))" }
    }

    private static func build(_ name: String, packageRoot: String) async throws -> String {
        let package = "Tests/Fixtures/" + name
        let arguments = [
            "swift", "build", "--package-path", packageRoot + "/" + package, "--scratch-path", packageRoot + "/.build/fixtures/" + name,
            // A cached build plan misses files added to StrategyKit since the last build.
            "--disable-build-manifest-caching",
        ]
        _ = try await swift(arguments, package: package)
        return try await swift(arguments + ["--show-bin-path"], package: package).split(separator: "\n").last.map(String.init) ?? ""
    }

    /// Runs `arguments` (a `swift` command) to its end and returns its stdout; throws with its
    /// output if it fails.
    private static func swift(_ arguments: [String], package: String) async throws -> String {
        let result = try await SpawnedProcess.run(executable: "/usr/bin/env", arguments: arguments, timeout: 900)
        guard result.status == 0 else { throw BuildFailed(package: package, output: result.stdout + result.stderr) }
        return result.stdout
    }
}
