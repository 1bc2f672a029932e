import Lifecycle
import Synchronization

/// The lines services write as they start and stop, in the order they happen.
final class EventLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}

/// Logs `start <name>`, waits until cancelled, logs `stop <name>`.
struct LoggingService: Service {
    let name: String
    let log: EventLog

    func run() async {
        log.append("start \(name)")
        await waitUntilCancelled()
        log.append("stop \(name)")
    }
}

/// Waits until cancelled and logs `stopped: <cause>`, the cause read in its cancellation
/// handler from the stop context it found when it started (`no group` without one), as the
/// live runner does.
struct CauseListeningService: Service {
    let log: EventLog

    func run() async {
        let context = ServiceGroup.stopContext
        await withTaskCancellationHandler {
            await waitUntilCancelled()
        } onCancel: {
            log.append("stopped: " + (context.map { $0.cause?.description ?? "no cause" } ?? "no group"))
        }
    }
}

/// Returns as soon as it runs, or throws `error` when given one.
struct QuickService: Service {
    var error: FixtureError?

    func run() async throws {
        if let error { throw error }
    }
}

/// What a failing fixture service throws.
enum FixtureError: Error, Equatable {
    /// The service gave up.
    case gaveUp
}

/// A latch opened once, awaited by any number of tasks; waiting ignores cancellation (the
/// point of `StubbornService`).
final class Latch: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    var isOpen: Bool { state.withLock { $0.open } }

    func wait() async {
        await withCheckedContinuation { continuation in
            let openAlready = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if openAlready { continuation.resume() }
        }
    }
}

/// Ignores cancellation: returns only once `release` opens.
struct StubbornService: Service {
    let release: Latch

    func run() async {
        await release.wait()
    }
}

/// Opens `latch` when it starts, waits until cancelled.
struct SignallingService: Service {
    let latch: Latch

    func run() async {
        latch.open()
        await waitUntilCancelled()
    }
}

/// Waits for `latch`, then returns.
struct WaitingService: Service {
    let latch: Latch

    func run() async {
        await latch.wait()
    }
}
