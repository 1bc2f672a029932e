import Foundation
import Testing
import TestSupport

/// The monitor on an address that is not loopback, reached from that address: a network
/// namespace of its own (`unshare -rn`) with a dummy interface, or where the kernel has no
/// dummy devices the address on the namespace's own `lo`, the daemon trading on its embedded
/// exchange inside it, curl asking from inside too.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct MonitorNamespaceTests {
    static let address = "10.99.0.1"

    /// Whether a user namespace with a network of its own can be made and given an address.
    static var canMakeNamespace: Bool {
        guard Prerequisite.executable("/usr/bin/unshare"), Prerequisite.executable("/usr/bin/curl") else { return false }
        let status = try? SpawnedProcess.runBlocking(
            executable: "/usr/bin/unshare", arguments: ["-rn", "sh", "-c", "ip link set lo up && ip addr add \(address)/32 dev lo"])
        return status == 0
    }

    @Test func offLoopbackControlAndStatusNeedTheToken() async throws {
        try Prerequisite.require(Self.canMakeNamespace, "unshare -rn with ip(8) and curl, for a network namespace with an address of its own")
        let workspace = try DaemonWorkspace()
        defer { workspace.remove() }
        try workspace.write(
            exchange: #"{"venue": "TESTEX", "account": "EXB123456", "apiKeyEnv": "TICKWORK_API_KEY"}"#,
            strategies: DaemonWorkspace.firstSteps(quantity: 30),
            extra: #", "embeddedExchange": {"listen": "127.0.0.1:0", "bots": 2, "seed": 1}, "monitor": {"listen": "\#(Self.address):0", "tokenEnv": "MONITOR_TOKEN"}"#)
        let log = workspace.directory + "/daemon.log"
        let script = """
            set -e
            ip link set lo up
            if ip link add dummy0 type dummy 2>/dev/null; then
                ip addr add \(Self.address)/24 dev dummy0
                ip link set dummy0 up
            else
                ip addr add \(Self.address)/32 dev lo
            fi
            MONITOR_TOKEN=s3cret TICKWORK_API_KEY=test-key '\(TickworkProcess.buildDirectory)/tickwork' run --config '\(workspace.config)' 2> '\(log)' &
            daemon=$!
            for i in $(seq 150); do grep -q 'engine: ready' '\(log)' && break; sleep 0.2; done
            at=$(sed -n 's/.*monitor: serving address=\\([^ ]*\\).*/\\1/p' '\(log)')
            code() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
            echo "status-none $(code http://$at/api/status)"
            echo "status-right $(code -H 'Authorization: Bearer s3cret' http://$at/api/status)"
            echo "halt-none $(code -X POST http://$at/api/control/halt)"
            echo "halt-wrong $(code -X POST -H 'Authorization: Bearer nope' http://$at/api/control/halt)"
            echo "halt-right $(code -X POST -H 'Authorization: Bearer s3cret' -d '{"reason":"namespace"}' http://$at/api/control/halt)"
            kill -TERM $daemon
            wait $daemon
            echo "exit $?"
            """
        let run = try await SpawnedProcess.run(executable: "/usr/bin/unshare", arguments: ["-rn", "sh", "-c", script], timeout: 90)
        let daemonLog = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)\(daemonLog)")
        let answers = run.stdout.split(separator: "\n").map(String.init)
        #expect(answers == ["status-none 401", "status-right 200", "halt-none 401", "halt-wrong 401", "halt-right 200", "exit 0"], "\(daemonLog)")
        #expect(daemonLog.contains(#"from="monitor client \#(Self.address):"#), "\(daemonLog)")
        #expect(daemonLog.contains("RISK_MANUAL account: active -> halted"), "\(daemonLog)")
    }
}
