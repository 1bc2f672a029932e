import Lifecycle
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite(.timeLimit(.minutes(10))) struct SignalServiceTests {
    @Test func callsItsHandlerForEachSignalWithoutStoppingTheProcess() async {
        let heard = Mutex<[Int32]>([])
        let handled = Latch()
        let service = SignalService(signals: [SIGUSR2]) { number in
            heard.withLock { $0.append(number) }
            handled.open()
        }
        let group = ServiceGroup(
            [.init("signals", service), .init("raiser", RaiseThenWait(signal: SIGUSR2, handled: handled))], shutdownSignals: [])
        let report = await group.run()
        #expect(report.cause.description == "raiser finished")
        let numbers = heard.withLock { $0 }
        #expect(!numbers.isEmpty && numbers.allSatisfy { $0 == SIGUSR2 })
    }

    @Test func countdownEndsTheGroupWhenItsTimeIsUp() async {
        let log = EventLog()
        let group = ServiceGroup(
            [.init("a", LoggingService(name: "a", log: log)), .init("--duration", Countdown(.milliseconds(10)))], shutdownSignals: [])
        let report = await group.run()
        #expect(report.cause.description == "--duration finished")
        #expect(log.all == ["start a", "stop a"])
    }

    @Test func closingServiceClosesWhenCancelledAndReportsItsError() async {
        let closed = Mutex(false)
        let group = ServiceGroup(
            [.init("file", ClosingService {
                closed.withLock { $0 = true }
                throw FixtureError.gaveUp
            }), .init("last", QuickService())],
            shutdownSignals: [])
        let report = await group.run()
        #expect(closed.withLock { $0 })
        #expect(report.error(of: "file") as? FixtureError == .gaveUp)
        #expect(report.cause.description == "last finished")
    }
}

/// Sends `signal` to this process until `handled` opens, then returns: the signal service
/// started first listens only shortly after it starts, and a signal sent before is lost.
struct RaiseThenWait: Service {
    let signal: Int32
    let handled: Latch

    func run() async {
        while !handled.isOpen {
            kill(getpid(), signal)
            _ = try? await Task.sleep(for: .milliseconds(20))
        }
    }
}
