import Lifecycle
import Testing
@testable import TickworkCLI

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10)))
struct DaemonStopReasonTests {
    @Test func theRunnerLogsTheSameStopReasonsAsBeforeTheGroup() {
        #expect(Daemon.stopReason(.signal(SIGTERM)) == "SIGTERM")
        #expect(Daemon.stopReason(.signal(SIGINT)) == "SIGINT")
        #expect(Daemon.stopReason(.finished(service: "--duration")) == "--duration elapsed")
        #expect(Daemon.stopReason(.finished(service: "exchange")) == "exchange finished")
        #expect(Daemon.stopReason(nil) == "cancelled")
    }
}
