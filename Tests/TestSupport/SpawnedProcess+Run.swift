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
    ) throws -> Result {
        let child = try SpawnedProcess(executable: executable, arguments: arguments, environment: environment, directory: directory)
        _ = child.exitStatus(within: timeout)
        return Result(status: child.process.terminationStatus, stdout: child.stdout, stderr: child.stderr)
    }

    /// The path of the running executable (the test bundle), read from /proc/self/exe.
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
