import Foundation

/// Another program run to its end (`sbatch`, `squeue`), found on `PATH`, its output collected.
enum ExternalCommand {
    /// What the program left behind.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String

        /// The last line of stderr, or the status when it printed none: what a one-line error quotes.
        var errorLine: String {
            let lines = stderr.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            return lines.last ?? "exited with status \(status)"
        }
    }

    /// Runs `name arguments` with this process's environment and waits for it; a program that
    /// is not on `PATH` is a failure saying so.
    static func run(_ name: String, _ arguments: [String]) throws(CLIError) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [name] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .failure("\(name): cannot be started: \(error.localizedDescription)")
        }
        // stderr is read on another thread so that neither pipe can fill up and stall the child.
        let errorOutput = ErrorOutput()
        let errorHandle = errors.fileHandleForReading
        Thread {
            errorOutput.data = errorHandle.readDataToEndOfFile()
            errorOutput.drained.signal()
        }.start()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorOutput.drained.wait()
        let stderr = errorOutput.data
        if process.terminationStatus == 127 {
            throw .failure("\(name): not found on PATH (run this on a machine with the Slurm client commands)")
        }
        return Result(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// stderr as its reader thread collects it: `data` is written once, before `drained` is
    /// signalled, and read only after waiting for it.
    private final class ErrorOutput: @unchecked Sendable {
        var data = Data()
        let drained = DispatchSemaphore(value: 0)
    }
}
