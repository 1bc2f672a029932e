import Lifecycle
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct ServiceGroupTests {
    @Test func startsServicesInOrderAndStopsThemInReverse() async {
        let log = EventLog()
        let group = ServiceGroup(
            ["a", "b", "c"].map { ServiceGroup.Entry($0, LoggingService(name: $0, log: log)) } + [.init("last", QuickService())],
            shutdownSignals: [])
        let report = await group.run()
        #expect(log.all == ["start a", "start b", "start c", "stop c", "stop b", "stop a"])
        #expect(report.cause.description == "last finished")
        #expect(report.failures.isEmpty)
        #expect(report.overran.isEmpty)
    }

    @Test func aFailingServiceStopsTheGroupAndIsReported() async {
        let log = EventLog()
        let group = ServiceGroup(
            [.init("a", LoggingService(name: "a", log: log)), .init("b", LoggingService(name: "b", log: log)),
             .init("failing", QuickService(error: .gaveUp))],
            shutdownSignals: [])
        let report = await group.run()
        guard case .failed(let service, let error) = report.cause else {
            Issue.record("stopped because \(report.cause)")
            return
        }
        #expect(service == "failing")
        #expect(error as? FixtureError == .gaveUp)
        #expect(report.error(of: "failing") as? FixtureError == .gaveUp)
        #expect(log.all == ["start a", "start b", "stop b", "stop a"])
    }

    @Test func aServiceOverrunningItsGracePeriodIsReportedAndTheOthersStillStop() async {
        let log = EventLog()
        let release = Latch()
        let group = ServiceGroup(
            [.init("a", LoggingService(name: "a", log: log)),
             .init("stubborn", StubbornService(release: release), gracePeriod: .milliseconds(50)),
             .init("b", LoggingService(name: "b", log: log)), .init("last", QuickService())],
            shutdownSignals: [])
        let report = await group.run()
        release.open()
        #expect(report.overran == ["stubborn"])
        #expect(log.all == ["start a", "start b", "stop b", "stop a"])
        #expect(report.cause.description == "last finished")
    }

    @Test func aFinishedServiceStopsTheGroupOnlyWhenItsEntrySaysSo() async {
        let quickEnded = Latch()
        let group = ServiceGroup(
            [.init("quick", OpeningService(latch: quickEnded), stopsGroupWhenFinished: false),
             .init("waiting", WaitingService(latch: quickEnded))],
            shutdownSignals: [])
        let report = await group.run()
        #expect(report.cause.description == "waiting finished")
    }

    @Test func aShutdownSignalStopsTheGroup() async {
        let log = EventLog()
        let group = ServiceGroup(
            [.init("a", LoggingService(name: "a", log: log)), .init("raiser", RaisingService(signal: SIGUSR1))],
            shutdownSignals: [SIGUSR1])
        let report = await group.run()
        guard case .signal(let number) = report.cause else {
            Issue.record("stopped because \(report.cause)")
            return
        }
        #expect(number == SIGUSR1)
        #expect(report.cause.description == "SIGUSR1")
        #expect(log.all == ["start a", "stop a"])
    }

    @Test func cancellingTheGroupsTaskStopsIt() async {
        let log = EventLog()
        let started = Latch()
        let group = ServiceGroup(
            [.init("a", LoggingService(name: "a", log: log)), .init("b", SignallingService(latch: started))], shutdownSignals: [])
        let task = Task { await group.run() }
        await started.wait()
        task.cancel()
        let report = await task.value
        #expect(report.cause.description == "cancelled")
        #expect(log.all == ["start a", "stop a"])
    }

    @Test func aServiceReadsWhyTheGroupStopsItInItsCancellationHandler() async {
        let log = EventLog()
        let group = ServiceGroup([.init("listening", CauseListeningService(log: log)), .init("last", QuickService())], shutdownSignals: [])
        let report = await group.run()
        #expect(report.failures.isEmpty)
        #expect(log.all == ["stopped: last finished"])
    }

    @Test func outsideAGroupThereIsNoStopContext() async {
        let log = EventLog()
        let task = Task { await CauseListeningService(log: log).run() }
        task.cancel()
        await task.value
        #expect(log.all == ["stopped: no group"])
    }
}

/// Returns at once, opening `latch` as it does.
struct OpeningService: Service {
    let latch: Latch

    func run() async {
        latch.open()
    }
}

/// Sends `signal` to this process, then waits until cancelled.
struct RaisingService: Service {
    let signal: Int32

    func run() async {
        kill(getpid(), signal)
        await waitUntilCancelled()
    }
}
