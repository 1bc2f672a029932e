import Foundation

extension SpawnedProcess {
    /// What a process run to its end left behind.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `executable arguments` to completion, bounded by `timeout` seconds after which it is
    /// killed with SIGKILL (not SIGTERM: the test process's children may inherit an ignored
    /// SIGTERM, and a command without a handler of its own would then never end). The status is
    /// the process's exit status, or the number of the signal that ended it.
    public static func run(
        executable: String, arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: String? = nil, timeout: TimeInterval = 60
    ) async throws -> Result {
        let child = try SpawnedProcess(executable: executable, arguments: arguments, environment: environment, directory: directory)
        _ = await child.exitStatus(within: timeout)
        return Result(status: child.process.terminationStatus, stdout: child.stdout, stderr: child.stderr)
    }

    /// Runs `executable arguments` to its end, blocking the calling thread, and returns its exit
    /// status; its output goes where this process's goes. Only for what takes milliseconds where a
    /// task cannot suspend (a `deinit`, a `defer`, a static initializer); everywhere else `run`.
    public static func runBlocking(executable: String, arguments: [String]) throws -> Int32 {
        let process = try Process.run(URL(fileURLWithPath: executable), arguments: arguments)
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The path of the running executable (the test bundle), read from /proc/self/exe.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
