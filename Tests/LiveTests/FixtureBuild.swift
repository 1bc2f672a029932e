import Foundation
import Synchronization
import TestSupport

/// Builds `Tests/Fixtures/ExternalPlugins` with `swift build`, once per test process.
final class FixtureBuild: Sendable {
    static let shared = FixtureBuild()
    private let result = Mutex<Result<String, any Error>?>(nil)

    func products(packageRoot: String) throws -> String {
        try result.withLock { cached in
            if let cached { return try cached.get() }
            let outcome = Result { try build(packageRoot: packageRoot) }
            cached = outcome
            return try outcome.get()
        }
    }

    private func build(packageRoot: String) throws -> String {
        let package = packageRoot + "/Tests/Fixtures/ExternalPlugins"
        let scratch = packageRoot + "/.build/fixtures/ExternalPlugins"
        // A cached build plan misses files added to StrategyKit since the last build.
        let arguments = ["swift", "build", "--package-path", package, "--scratch-path", scratch, "--disable-build-manifest-caching"]
        _ = try run("/usr/bin/env", arguments)
        let output = try run("/usr/bin/env", arguments + ["--show-bin-path"])
        return output.split(separator: "\n").last.map(String.init) ?? ""
    }
}

struct CommandFailed: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var output: String
    var description: String { "\(command) exited \(status): \(output.suffix(2_000))" }
}

/// Runs a program to completion (at most ten minutes) and returns its stdout; throws with its
/// output if it fails.
func run(_ program: String, _ arguments: [String]) throws -> String {
    let result = try SpawnedProcess.run(executable: program, arguments: arguments, timeout: 600)
    guard result.status == 0 else {
        throw CommandFailed(
            command: ([program] + arguments).joined(separator: " "), status: result.status, output: result.stdout + result.stderr)
    }
    return result.stdout
}
