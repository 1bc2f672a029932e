import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Runs services as one, the way swift-service-lifecycle does: starts them in order, waits for
/// a reason to stop (a shutdown signal, a service throwing, a service returning whose entry says
/// that ends the group, or the calling task's cancellation), then cancels them one at a time in
/// reverse order, each given its grace period to return, and reports what happened.
///
/// Starting in order means that service `n + 1`'s `run()` is called only once service `n`'s has
/// been entered. A service that has not returned when its grace period ends is reported in
/// `overran` and left behind, so that a stuck service cannot hang the stop: the next one is
/// cancelled at once. Every task the group starts is one it cancels; `run()` returns after
/// every service has returned or overrun.
///
/// Shutdown signals are handled through Dispatch signal sources while `run()` runs, listening
/// before the first service starts (their default actions are off meanwhile, and restored when
/// it returns); a second signal while the group stops changes nothing.
public final class ServiceGroup: Sendable {
    /// One service of a group, with its name (for logs and the report) and what its ending means.
    public struct Entry: Sendable {
        public var name: String
        public var service: any Service
        /// Whether the service returning on its own (not cancelled, not thrown) stops the
        /// group; a service that throws always does.
        public var stopsGroupWhenFinished: Bool
        /// How long the service has to return once cancelled.
        public var gracePeriod: Duration

        public init(_ name: String, _ service: any Service, stopsGroupWhenFinished: Bool = true, gracePeriod: Duration = .seconds(5)) {
            self.name = name
            self.service = service
            self.stopsGroupWhenFinished = stopsGroupWhenFinished
            self.gracePeriod = gracePeriod
        }
    }

    /// The stop context of the group running the current task: read it in `run()`, then its
    /// `cause` in a cancellation handler, which runs outside the task (the live runner tells its
    /// work why it stops this way). Nil outside a group.
    @TaskLocal public static var stopContext: StopContext?

    let entries: [Entry]
    let shutdownSignals: [Int32]

    /// A group of `entries`, started in their order and stopped in reverse, stopped by any of
    /// `shutdownSignals` (none: only by its services or by cancellation).
    public init(_ entries: [Entry], shutdownSignals: [Int32] = [SIGTERM, SIGINT]) {
        self.entries = entries
        self.shutdownSignals = shutdownSignals
    }

    /// Starts the services, waits for a reason to stop, stops them, and returns what happened.
    public func run() async -> ServiceGroupReport {
        let events = Inbox<ServiceGroupEvent>()
        let signals = shutdownSignals.isEmpty ? nil : SignalSource(signals: shutdownSignals, label: "tickwork.shutdown-signals") {
            events.post(.signal($0))
        }
        await signals?.armed()
        var run = ServiceGroupRun(entries: entries, events: events)
        let report = await withTaskCancellationHandler {
            await run.startWaitAndStop()
        } onCancel: {
            events.post(.cancelled)
        }
        signals?.cancel()
        return report
    }
}

/// Where a group keeps its stop cause for its services to read.
public final class StopContext: Sendable {
    private let stored = Mutex<StopCause?>(nil)

    /// Why the group is stopping; nil until it is.
    public internal(set) var cause: StopCause? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}

/// What the group's run reacts to.
enum ServiceGroupEvent: Sendable {
    /// The service at this index has entered `run()`.
    case started(Int)
    /// The service at this index has returned (nil) or thrown.
    case ended(Int, (any Error)?)
    /// A shutdown signal arrived.
    case signal(Int32)
    /// The grace period of the service at this index is over.
    case graceOver(Int)
    /// The task running the group was cancelled.
    case cancelled
}
