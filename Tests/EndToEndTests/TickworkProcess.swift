import Live
import Foundation
import Synchronization

/// A value shared between threads behind a lock.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func get() -> Value { mutex.withLock { $0 } }
    func set(_ value: Value) { mutex.withLock { $0 = value } }
}

/// The built `tickwork` binary, run as a user would run it.
enum TickworkProcess {
    /// The build directory: the test bundle sits beside the binaries SwiftPM built.
    static let buildDirectory = PluginLoader.executableDirectory

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `tickwork arguments` (or `executable arguments`) to completion, bounded by `timeout`
    /// seconds after which it is killed, with `environment` added to this process's.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60,
        executable: String = buildDirectory + "/tickwork"
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = DispatchTime.now() + timeout
        // SIGKILL, not SIGTERM: the test process's children may inherit an ignored SIGTERM, and
        // a command without a handler of its own would then never end.
        let killer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: deadline, execute: killer)
        // Drain both pipes at once so a chatty child never blocks on a full pipe.
        let stdoutData = Locked(Data())
        let reader = DispatchGroup()
        DispatchQueue.global().async(group: reader) {
            stdoutData.set(out.fileHandleForReading.readDataToEndOfFile())
        }
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        reader.wait()
        process.waitUntilExit()
        killer.cancel()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: stdoutData.get(), as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
