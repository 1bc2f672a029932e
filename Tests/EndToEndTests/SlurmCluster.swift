import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A single-node Slurm cluster that a test starts and ends: munged, slurmctld and slurmd from
/// Debian's packages, each started here in the foreground as a child of the test (never through
/// an init script), with their configuration, state, sockets and logs in a temporary directory
/// and the controller and node on free loopback ports. `stop()` (or `deinit`) ends each daemon
/// by its PID, the node first.
final class SlurmCluster {
    /// The programs it needs, from the packages slurmctld, slurmd, slurm-client and munge.
    static let programs = ["/usr/sbin/munged", "/usr/sbin/mungekey", "/usr/sbin/slurmctld", "/usr/sbin/slurmd", "/usr/bin/sbatch", "/usr/bin/squeue", "/usr/bin/sinfo"]

    /// Whether every program is installed (`.ci/run` installs the packages).
    static var isInstalled: Bool { programs.allSatisfy(FileManager.default.isExecutableFile) }

    /// The node's name in slurm.conf.
    static let node = "tick1"

    private let scratch: TemporaryDirectory
    /// The daemons started, in start order.
    private var daemons: [(name: String, process: SpawnedProcess)] = []

    /// The file the client commands read (`SLURM_CONF`).
    var configuration: String { scratch.file("slurm.conf") }
    /// What a client command (sbatch, squeue, and tickwork running them) needs in its environment.
    var environment: [String: String] { ["SLURM_CONF": configuration] }

    /// Starts munged, then slurmctld and slurmd, and waits (bounded) until the node is idle.
    init() async throws {
        scratch = try TemporaryDirectory("tickwork-slurm")
        do {
            try await start()
        } catch {
            await stop()
            throw error
        }
    }

    private func start() async throws {
        // munged refuses a socket directory that others cannot traverse.
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path)
        for directory in ["munge", "state", "spool"] {
            try FileManager.default.createDirectory(atPath: scratch.file(directory), withIntermediateDirectories: true)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.file("munge"))
        let key = scratch.file("munge/munge.key")
        let made = try await SpawnedProcess.run(executable: "/usr/sbin/mungekey", arguments: ["--create", "--keyfile=\(key)"], timeout: 30)
        guard made.status == 0 else { throw Failure(what: "mungekey", output: made.stderr) }
        let socket = scratch.file("munge/munge.socket")
        try launch("munged", "/usr/sbin/munged", [
            "--foreground", "--force", "--socket=\(socket)", "--key-file=\(key)", "--pid-file=\(scratch.file("munge/munged.pid"))",
            "--log-file=\(scratch.file("munge/munged.log"))", "--seed-file=\(scratch.file("munge/munged.seed"))",
        ])
        try await waitFor("munged's socket", within: 30) { FileManager.default.fileExists(atPath: socket) }

        let ports = try (0..<2).map { _ in
            guard let bound = RawSocket.bindLoopback() else { throw Failure(what: "a free loopback port", output: "") }
            close(bound.fd)
            return bound.port
        }
        try configurationText(socket: socket, controllerPort: ports[0], nodePort: ports[1])
            .write(toFile: configuration, atomically: true, encoding: .utf8)
        try launch("slurmctld", "/usr/sbin/slurmctld", ["-D", "-i", "-f", configuration])
        try launch("slurmd", "/usr/sbin/slurmd", ["-D", "-N", Self.node, "-f", configuration])
        try await waitFor("the node to be idle", within: 60) {
            let info = try? await SpawnedProcess.run(
                executable: "/usr/bin/sinfo", arguments: ["--noheader", "--format=%t"], environment: self.clientEnvironment, timeout: 10)
            return info?.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "idle"
        }
    }

    /// This process's environment with `environment` added.
    var clientEnvironment: [String: String] { ProcessInfo.processInfo.environment.merging(environment) { $1 } }

    /// slurm.conf: one node with two CPUs, root as the Slurm user, no accounting, no cgroups, and
    /// a scheduler that starts a job as soon as it is submitted.
    private func configurationText(socket: String, controllerPort: UInt16, nodePort: UInt16) -> String {
        """
        ClusterName=tickwork-test
        SlurmctldHost=localhost(127.0.0.1)
        SlurmctldPort=\(controllerPort)
        SlurmdPort=\(nodePort)
        SlurmUser=root
        SlurmdUser=root
        AuthType=auth/munge
        CredType=cred/munge
        AuthInfo=socket=\(socket)
        StateSaveLocation=\(scratch.file("state"))
        SlurmdSpoolDir=\(scratch.file("spool"))
        SlurmctldPidFile=\(scratch.file("slurmctld.pid"))
        SlurmdPidFile=\(scratch.file("slurmd.pid"))
        SlurmctldLogFile=\(scratch.file("slurmctld.log"))
        SlurmdLogFile=\(scratch.file("slurmd.log"))
        ProctrackType=proctrack/linuxproc
        TaskPlugin=task/none
        SelectType=select/cons_tres
        SelectTypeParameters=CR_Core
        AccountingStorageType=accounting_storage/none
        JobAcctGatherType=jobacct_gather/none
        JobCompType=jobcomp/none
        MpiDefault=none
        SchedulerParameters=batch_sched_delay=0,sched_min_interval=0
        ReturnToService=2
        NodeName=\(Self.node) NodeAddr=127.0.0.1 CPUs=2 RealMemory=1000 State=UNKNOWN
        PartitionName=debug Nodes=\(Self.node) Default=YES MaxTime=INFINITE State=UP

        """
    }

    /// Starts `executable` in the foreground under a shell that stays its parent. The daemons
    /// close every inherited descriptor, including the one through which Foundation's `Process`
    /// learns that its child has exited, and `Process` then waits for the daemon on the thread
    /// that notices every child's exit, so that no later child's exit is noticed. The shell keeps
    /// that descriptor; on SIGTERM it passes the signal to the daemon by its PID and waits for
    /// it. `env --default-signal` undoes the test process's ignored SIGTERM, which a shell could
    /// not trap and the daemon would inherit.
    private func launch(_ name: String, _ executable: String, _ arguments: [String]) throws {
        let wrapper = #"trap 'kill -TERM "$child"; wait "$child"; exit 0' TERM; "$@" & child=$!; wait "$child""#
        daemons.append((
            name,
            try SpawnedProcess(
                executable: "/usr/bin/env", arguments: ["--default-signal=TERM", "/bin/sh", "-c", wrapper, name, executable] + arguments)
        ))
    }

    /// Waits, polling every `interval` seconds for at most `timeout` seconds, until `condition`
    /// holds; a daemon that exits meanwhile, or the time running out, fails with the daemons'
    /// output.
    func waitFor(_ what: String, within timeout: TimeInterval, every interval: TimeInterval = 0.1, _ condition: () async -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while await !condition() {
            if let dead = daemons.first(where: { !$0.process.process.isRunning }) {
                throw Failure(what: "\(dead.name) exited while waiting for \(what)", output: log)
            }
            guard Date() < deadline else { throw Failure(what: "\(what) within \(Int(timeout)) s", output: log) }
            try await Task.sleep(for: .milliseconds(Int64(interval * 1_000)))
        }
    }

    /// Every daemon's output so far, for a failure's message.
    var log: String {
        daemons.map { "--- \($0.name)\n\($0.process.stdout)\($0.process.stderr)" }.joined(separator: "\n")
    }

    /// Ends every daemon by its PID, the last started first: SIGTERM to its shell, which passes
    /// it on and waits for the daemon; SIGKILL to the shell after 10 s.
    func stop() async {
        for daemon in daemons.reversed() {
            daemon.process.send(SIGTERM)
            _ = await daemon.process.exitStatus(within: 10)
        }
        daemons = []
    }

    deinit {
        // A backstop for a test that threw before `stop()`: a deinit cannot wait for the daemons.
        for daemon in daemons.reversed() { daemon.process.send(SIGTERM) }
        scratch.remove()
    }

    /// The cluster could not be brought up.
    struct Failure: Error, CustomStringConvertible {
        var what: String
        var output: String
        var description: String { "Slurm test cluster: \(what)\n\(output)" }
    }
}
