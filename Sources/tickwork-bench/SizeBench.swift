import Foundation
import Live

#if canImport(Glibc)
import Glibc
#endif

/// What a release weighs: the built binary's size, the peak resident memory of `tickwork
/// --version` (the process's floor: the runtime libraries loaded, nothing done), and the sizes
/// of the release `scripts/package.sh` wrote to TICKWORK_RELEASE_DIR (default `.build/package`),
/// when there is one.
enum SizeBench {
    static func run() throws {
        let binary = PluginLoader.executableDirectory + "/tickwork"
        Figure(name: "binary.size", unit: "MB", value: try megabytes(binary), inputs: ["file": binary, "stripped": "no"]).print()
        Figure(name: "version.rss.peak", unit: "MB", value: try peakResident(binary, ["--version"]), inputs: ["command": "tickwork --version"]).print()

        let directory = ProcessInfo.processInfo.environment["TICKWORK_RELEASE_DIR"] ?? ".build/package"
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".tar.gz") || $0.hasSuffix(".deb") }.sorted()
        if files.isEmpty {
            FileHandle.standardError.write(Data("tickwork-bench: sizes: no release in \(directory) (scripts/package.sh makes one)\n".utf8))
        }
        for file in files {
            let name = file.hasSuffix(".deb") ? "package.deb.size" : "package.tarball.size"
            Figure(name: name, unit: "MB", value: try megabytes(directory + "/" + file), inputs: ["file": file]).print()
        }
    }

    static func megabytes(_ path: String) throws -> Double {
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber
        return (size?.doubleValue ?? 0) / 1_048_576
    }

    /// The peak resident memory of `binary arguments`, in MB, from the kernel's own account of
    /// that one child (`wait4`), its output discarded.
    static func peakResident(_ binary: String, _ arguments: [String]) throws -> Double {
        Double(try runToExit(binary, arguments).usage.ru_maxrss) / 1_024
    }

    /// Runs `binary arguments` with `posix_spawn`, its output discarded, and returns its exit
    /// code (-1 when a signal ended it) and the kernel's account of it (`wait4`): no more
    /// between spawn and exit than the child itself.
    static func runToExit(_ binary: String, _ arguments: [String]) throws -> (exitCode: Int32, usage: rusage) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        guard spawned == 0 else { throw DaemonMemoryBench.BenchError("\(binary): posix_spawn failed (\(spawned))") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw DaemonMemoryBench.BenchError("\(binary): wait4 failed") }
        // WIFEXITED and WEXITSTATUS, which Swift does not import: a signal's number is in the low bits.
        return (status & 0x7F == 0 ? (status >> 8) & 0xFF : -1, usage)
    }
}
