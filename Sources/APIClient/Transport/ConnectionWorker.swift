import Glibc
import Dispatch
import FoundationEssentials
import Lifecycle
import Synchronization

/// A thread of its own that runs blocking jobs one at a time, in order.
///
/// The keep-alive transport's socket calls block for up to a time-out; on a dispatch queue they
/// would hold threads of a small shared pool that Swift concurrency also needs. After a job the
/// thread watches for the next one for `idleSpin` before it sleeps: a trading loop's next call
/// (the placement after the poll) usually comes sooner than a sleeping thread wakes up.
final class ConnectionWorker: Sendable {
    private let jobs = Mutex<(queue: [@Sendable () -> Void], stopping: Bool)>(([], false))
    private let wakeUp = DispatchSemaphore(value: 0)
    /// How long the thread watches for a job before it sleeps, in nanoseconds.
    private let idleSpin: UInt64

    /// Starts the thread, named `name`.
    init(name: String, idleSpin: Duration) {
        self.idleSpin = MonotonicClock.nanoseconds(of: idleSpin)
        OSThread.detach(name: name) { [self] in loop() }
    }

    /// Queues `job`; it runs after the jobs queued before it.
    func submit(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.queue.append(job) }
        wakeUp.signal()
    }

    /// Lets the thread finish the queued jobs and end.
    func stop() {
        jobs.withLock { $0.stopping = true }
        wakeUp.signal()
    }

    private func loop() {
        while true {
            awaitSignal()
            let next: (@Sendable () -> Void)?? = jobs.withLock { jobs in
                if !jobs.queue.isEmpty { return .some(jobs.queue.removeFirst()) }
                return jobs.stopping ? .none : .some(nil)
            }
            switch next {
            case .none: return
            case .some(let job?): job()
            case .some(nil): continue
            }
        }
    }

    /// Takes one `submit` or `stop` signal: yields while watching for it for `idleSpin`, then
    /// sleeps until it comes.
    private func awaitSignal() {
        let until = MonotonicClock.nanoseconds() + idleSpin
        while MonotonicClock.nanoseconds() < until {
            if wakeUp.wait(timeout: .now()) == .success { return }
            sched_yield()
        }
        wakeUp.wait()
    }
}
