import Synchronization

/// Suspends the current task until it is cancelled; returns at once if it already is.
public func waitUntilCancelled() async {
    let gate = CancellationGate()
    await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in gate.park(continuation) }
    } onCancel: {
        gate.open()
    }
}

/// A one-way gate for one waiter: `park` suspends until `open`, in whichever order the two
/// come (cancellation may open it before the waiter parks; the first of several threads to finish
/// may open it for a waiter still on its way).
public final class CancellationGate: Sendable {
    private enum State {
        case closed
        case parked(CheckedContinuation<Void, Never>)
        case open
    }

    private let state = Mutex(State.closed)

    public init() {}

    /// Resumes `continuation` once the gate is open (at once if it is).
    public func park(_ continuation: CheckedContinuation<Void, Never>) {
        let openAlready = state.withLock { state in
            guard case .open = state else {
                state = .parked(continuation)
                return false
            }
            return true
        }
        if openAlready { continuation.resume() }
    }

    /// Opens the gate, resuming the waiter if one is parked; opening twice does nothing more.
    public func open() {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            defer { state = .open }
            guard case .parked(let continuation) = state else { return nil }
            return continuation
        }
        waiter?.resume()
    }
}
