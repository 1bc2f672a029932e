import Foundation
import Live
import TestSupport

/// The built `tickwork` binary, run as a user would run it.
enum TickworkProcess {
    /// The build directory: the test bundle sits beside the binaries SwiftPM built.
    static let buildDirectory = PluginLoader.executableDirectory

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    typealias Result = SpawnedProcess.Result

    /// Runs `tickwork arguments` (or `executable arguments`) to completion from the package root,
    /// bounded by `timeout` seconds after which it is killed, with `environment` added to this
    /// process's.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60,
        executable: String = buildDirectory + "/tickwork"
    ) async throws -> Result {
        try await SpawnedProcess.run(
            executable: executable, arguments: arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, directory: packageRoot, timeout: timeout)
    }
}
