import CommandLineKit
import Glibc
import Wire

/// Another program run to its end (`sbatch`, `squeue`), found on `PATH`, its output collected.
/// Started with `posix_spawnp` rather than Foundation's `Process`, which would bring the full
/// Foundation (and ICU) into the daemon's binary.
enum ExternalCommand {
    /// What the program left behind.
    struct Result {
        /// The exit status, or 128 + the signal that ended the program (as a shell reports it).
        var status: Int32
        var stdout: String
        var stderr: String

        /// The last line of stderr, or the status when it printed none: what a one-line error quotes.
        var errorLine: String {
            let lines = stderr.split(separator: "\n").map(\.trimmingWhitespace).filter { !$0.isEmpty }
            return lines.last ?? "exited with status \(status)"
        }
    }

    /// Runs `name arguments` with this process's environment and stdin from `/dev/null`, and
    /// waits for it; a program that is not on `PATH` is a failure saying so.
    static func run(_ name: String, _ arguments: [String]) throws(CLIError) -> Result {
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        guard makePipe(&output) else { throw .failure("\(name): cannot make a pipe: \(reason(errno))") }
        guard makePipe(&errors) else {
            let failure = errno
            close(output[0])
            close(output[1])
            throw .failure("\(name): cannot make a pipe: \(reason(failure))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // dup2 clears close-on-exec on the copies: the child keeps just these two ends.
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
        // Signals as a fresh program expects them: none blocked, every one at its default
        // (this process may block or ignore some for its own signal handling), as `Process` did.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([name] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, name, &actions, &attributes, argv, environ)
        close(output[1])
        close(errors[1])
        guard spawned == 0 else {
            close(output[0])
            close(errors[0])
            if spawned == ENOENT {
                throw .failure("\(name): not found on PATH (run this on a machine with the Slurm client commands)")
            }
            throw .failure("\(name): cannot be started: \(reason(spawned))")
        }
        let drained = drain([output[0], errors[0]])
        let readFailure = errno
        // Closed before waiting: a child still writing after a failed read then ends (SIGPIPE)
        // rather than blocking on a full pipe forever.
        close(output[0])
        close(errors[0])
        let status = try waitForExit(pid, name: name)
        guard let drained else { throw .failure("\(name): its output cannot be read: \(reason(readFailure))") }
        return Result(
            status: status, stdout: String(decoding: drained[0], as: UTF8.self),
            stderr: String(decoding: drained[1], as: UTF8.self))
    }

    /// Everything written to `descriptors` until each reaches its end, read as it comes on
    /// whichever is ready (poll), so that neither pipe can fill up and stall the child while
    /// the other is read; nil when polling or reading fails (`errno` says why).
    static func drain(_ descriptors: [Int32]) -> [[UInt8]]? {
        var polled = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        var collected = [[UInt8]](repeating: [], count: descriptors.count)
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var open = descriptors.count
        while open > 0 {
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if errno == EINTR { continue }
                return nil
            }
            for index in polled.indices where polled[index].fd >= 0 && polled[index].revents != 0 {
                let count = block.withUnsafeMutableBytes { read(polled[index].fd, $0.baseAddress, $0.count) }
                if count > 0 {
                    collected[index] += block[0..<count]
                } else if count == 0 {
                    // A negative descriptor is one poll skips: this pipe is done.
                    polled[index].fd = -1
                    open -= 1
                } else if errno != EINTR && errno != EAGAIN {
                    return nil
                }
            }
        }
        return collected
    }

    /// Makes a pipe into `ends` with both ends close-on-exec, so that the child keeps only the
    /// copies it is given and its end of file comes when it exits; false when the system
    /// refuses (`errno` says why).
    private static func makePipe(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends where fcntl(end, F_SETFD, FD_CLOEXEC) != 0 {
            let failure = errno
            close(ends[0])
            close(ends[1])
            errno = failure
            return false
        }
        return true
    }

    /// Waits for child `pid` to end (through interrupting signals) and returns its status.
    private static func waitForExit(_ pid: pid_t, name: String) throws(CLIError) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw .failure("\(name): cannot wait for it: \(reason(errno))") }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// The system's text for `code`.
    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
