import Lifecycle
import Testing
@testable import TickworkCLI

#if canImport(Glibc)
import Glibc
#endif

struct RunnerServiceTests {
    @Test func theRunnerLogsTheSameStopReasonsAsBeforeTheGroup() {
        #expect(RunnerService.stopReason(.signal(SIGTERM)) == "SIGTERM")
        #expect(RunnerService.stopReason(.signal(SIGINT)) == "SIGINT")
        #expect(RunnerService.stopReason(.finished(service: "--duration")) == "--duration elapsed")
        #expect(RunnerService.stopReason(.finished(service: "exchange")) == "exchange finished")
        #expect(RunnerService.stopReason(nil) == "cancelled")
    }
}
