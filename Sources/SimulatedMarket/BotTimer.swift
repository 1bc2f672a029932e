import Dispatch
import FoundationEssentials
import Lifecycle
import Synchronization

/// Runs an action every `interval` on a thread of its own until stopped. A step that comes late
/// (the thread was not scheduled in time) is not made up by steps in a burst: the next one comes
/// an interval after it. The market's clock (its bots' steps) then runs slower than the wall
/// clock on a loaded machine, as the daemons trading it do, instead of catching up on them in
/// bursts they cannot answer.
final class BotTimer: Sendable {
    private let stopRequested = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let stopped = Mutex<Bool>(false)

    /// Runs `action` every `interval` on a thread named `name`.
    init(interval: Duration, name: String = "venue-bots", action: @escaping @Sendable () -> Void) {
        let stopRequested = self.stopRequested
        let finished = self.finished
        let nanoseconds = Int(interval.components.seconds) * 1_000_000_000 + Int(interval.components.attoseconds / 1_000_000_000)
        OSThread.detach(name: name) {
            var next = DispatchTime.now()
            while true {
                next = max(next + .nanoseconds(nanoseconds), DispatchTime.now())
                guard stopRequested.wait(timeout: next) == .timedOut else { break }
                action()
            }
            finished.signal()
        }
    }

    /// Stops the timer and waits for its thread to end; harmless to call again.
    func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        stopRequested.signal()
        finished.wait()
    }
}
