import Foundation
import Lifecycle

#if canImport(Glibc)
import Glibc
#endif

/// A child process that a test starts, talks to with signals and always ends: every wait is
/// bounded, and `deinit` kills the child if the test did not end it. Its stdin is /dev/null; its
/// stdout and stderr are collected as they come, so a chatty child never blocks on a full pipe.
public final class SpawnedProcess {
    public let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let output = Locked(Data())
    private let errors = Locked(Data())
    /// Signalled by each pipe's reader thread when its pipe reaches end of file.
    private let drained = DispatchSemaphore(value: 0)
    /// Signalled once, when the process exits.
    private let exited = DispatchSemaphore(value: 0)
    /// Whether a wait has seen `exited` (a semaphore signals once).
    private var exitSeen = false
    /// Whether `exitStatus` has waited for both pipes.
    private var outputWhole = false

    /// Starts `executable` with `arguments` in `directory` (this process's by default), with
    /// exactly `environment` (this process's by default).
    public init(
        executable: String, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: String? = nil
    ) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdoutPipe
        process.standardError = stderrPipe
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
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

    public var stdout: String { String(decoding: output.get(), as: UTF8.self) }
    public var stderr: String { String(decoding: errors.get(), as: UTF8.self) }

    /// Waits (at most `timeout` seconds, polling) until `condition` holds; returns whether it did.
    @discardableResult
    public func wait(upTo timeout: TimeInterval, for condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// Sends `signal` to the process while it runs (once it has ended, its id may be another's).
    public func send(_ signal: Int32) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
    }

    /// Waits at most `timeout` seconds for the process to exit; returns its status (a signal
    /// that ended it as its negative), or nil if it was still running (it is then killed).
    public func exitStatus(within timeout: TimeInterval) -> Int32? {
        guard waitForExit(within: timeout) else {
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

    /// Whether the process exited within `timeout` seconds (woken by its exit, not polling).
    private func waitForExit(within timeout: TimeInterval) -> Bool {
        if !exitSeen { exitSeen = exited.wait(timeout: .now() + timeout) == .success }
        return exitSeen
    }

    deinit {
        if process.isRunning {
            send(SIGKILL)
            process.waitUntilExit()
        }
    }
}
