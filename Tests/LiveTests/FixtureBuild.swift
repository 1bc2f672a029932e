import Foundation
import Synchronization

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

/// Runs a program to completion and returns its stdout; throws with its output if it fails.
func run(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let text = String(decoding: data, as: UTF8.self)
    guard process.terminationStatus == 0 else {
        throw CommandFailed(command: ([program] + arguments).joined(separator: " "), status: process.terminationStatus, output: text)
    }
    return text
}

/// A new empty directory under /tmp.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "tickwork-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
