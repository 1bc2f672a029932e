import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A long-running `tickwork` process (the exchange, the daemon) that a test starts, talks to
/// with signals, and always ends: `deinit` kills it if the test did not.
final class SpawnedProcess {
    let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let output = Locked(Data())
    private let errors = Locked(Data())
    /// Signalled by each pipe's reader thread when its pipe reaches end of file.
    private let drained = DispatchSemaphore(value: 0)
    /// Whether `exitStatus` has waited for both pipes.
    private var outputWhole = false

    init(
        _ arguments: [String], environment: [String: String] = [:], directory: String = TickworkProcess.packageRoot,
        executable: String = TickworkProcess.buildDirectory + "/tickwork"
    ) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        try process.run()
        // Plain reader threads rather than FileHandle.readabilityHandler, whose dispatch sources
        // crash libdispatch on Linux when the pipe closes under them.
        for (pipe, sink) in [(stdoutPipe, output), (stderrPipe, errors)] {
            let handle = pipe.fileHandleForReading
            let drained = drained
            let thread = Thread {
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    sink.set(sink.get() + data)
                }
                drained.signal()
            }
            thread.start()
        }
    }

    var stdout: String { String(decoding: output.get(), as: UTF8.self) }
    var stderr: String { String(decoding: errors.get(), as: UTF8.self) }

    /// Waits (at most `timeout` seconds, polling) until `condition` holds; returns whether it did.
    @discardableResult
    func wait(upTo timeout: TimeInterval, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Sends `signal` to the process while it runs (once it has ended, its id may be another's).
    func send(_ signal: Int32) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
    }

    /// Waits at most `timeout` seconds for the process to exit; returns its status, or nil if
    /// it was still running (it is then killed).
    func exitStatus(within timeout: TimeInterval) -> Int32? {
        guard wait(upTo: timeout, for: { !process.isRunning }) else {
            send(SIGKILL)
            process.waitUntilExit()
            return nil
        }
        process.waitUntilExit()
        // The output is whole once both pipes reach end of file, unless a child of the process
        // still holds them open. Each pipe signals once: a second call must not wait again.
        if !outputWhole {
            for _ in 0..<2 { _ = drained.wait(timeout: .now() + 5) }
            outputWhole = true
        }
        return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
    }

    deinit {
        if process.isRunning {
            send(SIGKILL)
            process.waitUntilExit()
        }
    }
}
