import Foundation
import TestSupport

/// A command a test ran exited with a failure; its output says why.
struct CommandFailed: Error, CustomStringConvertible {
    var command: String
    var status: Int32
    var output: String
    var description: String { "\(command) exited \(status): \(output.suffix(2_000))" }
}

/// Runs a program to completion (at most ten minutes) and returns its stdout; throws with its
/// output if it fails.
func run(_ program: String, _ arguments: [String]) async throws -> String {
    let result = try await SpawnedProcess.run(executable: program, arguments: arguments, timeout: 600)
    guard result.status == 0 else {
        throw CommandFailed(
            command: ([program] + arguments).joined(separator: " "), status: result.status, output: result.stdout + result.stderr)
    }
    return result.stdout
}
