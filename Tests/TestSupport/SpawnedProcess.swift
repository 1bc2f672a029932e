import Foundation
import Lifecycle

#if canImport(Glibc)
import Glibc
#endif

/// A child process that a test starts, talks to with signals and always ends: every wait is
/// bounded, and `deinit` kills the child if the test did not end it. Its stdin is /dev/null; its
/// stdout and stderr are collected as they come, so a chatty child never blocks on a full pipe.
///
/// Waits suspend the calling task (they poll with `Task.sleep`) instead of blocking a thread:
/// Swift's cooperative pool has as many threads as cores, and a test blocked on a child would
/// hold one of them from every other test for as long as the child runs.
public final class SpawnedProcess {
    public let process = Process()
    private let stdoutPipe = Pipe()
    private let stderrPipe = Pipe()
    private let output = Locked(Data())
    private let errors = Locked(Data())
    /// How many of the two pipes their reader threads have read to end of file.
    private let drained = Locked(0)
    /// Whether the process has exited (set by its termination handler).
    private let exited = Locked(false)
    /// How often a wait looks again.
    private static let pollInterval = Duration.milliseconds(20)

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
        process.terminationHandler = { _ in exited.set(true) }
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
                drained.update { $0 += 1 }
            }
            thread.start()
        }
    }

    public var stdout: String { String(decoding: output.get(), as: UTF8.self) }
    public var stderr: String { String(decoding: errors.get(), as: UTF8.self) }

    /// Waits (at most `timeout` seconds, polling) until `condition` holds; returns whether it
    /// did. A cancelled task stops waiting and gets the condition as it is.
    @discardableResult
    public func wait(upTo timeout: TimeInterval, for condition: () async -> Bool) async -> Bool {
        await Self.poll(upTo: timeout, until: condition)
    }

    /// Sends `signal` to the process while it runs (once it has ended, its id may be another's).
    public func send(_ signal: Int32) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, signal)
    }

    /// Waits at most `timeout` seconds for the process to exit; returns its status (a signal
    /// that ended it as its negative), or nil if it was still running (it is then killed).
    public func exitStatus(within timeout: TimeInterval) async -> Int32? {
        guard await Self.poll(upTo: timeout, until: { exited.get() }) else {
            send(SIGKILL)
            // A killed process is reaped at once; the bound only guards against a stuck reaper.
            await Self.poll(upTo: 10) { exited.get() }
            return nil
        }
        // The output is whole once both pipes reach end of file, unless a child of the process
        // still holds them open.
        await Self.poll(upTo: 5) { drained.get() == 2 }
        return process.terminationReason == .uncaughtSignal ? -process.terminationStatus : process.terminationStatus
    }

    /// Polls `condition` every `pollInterval` for at most `timeout` seconds, suspending between
    /// looks; whether it held. Also the bounded wait of tests that spawn no process (a thread's
    /// work seen from outside).
    @discardableResult
    public static func poll(upTo timeout: TimeInterval, until condition: () async -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        while ContinuousClock.now < deadline {
            if await condition() { return true }
            do {
                try await Task.sleep(for: pollInterval)
            } catch {
                break
            }
        }
        return await condition()
    }

    deinit {
        if process.isRunning {
            send(SIGKILL)
            process.waitUntilExit()
        }
    }
}
