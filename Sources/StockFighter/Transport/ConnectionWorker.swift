import Dispatch
import FoundationEssentials
import Lifecycle
import Synchronization

/// A thread of its own that runs blocking jobs one at a time, in order.
///
/// The keep-alive transport's socket calls block for up to a time-out; on a dispatch queue they
/// would hold threads of a small shared pool that Swift concurrency also needs.
final class ConnectionWorker: Sendable {
    private let jobs = Mutex<(queue: [@Sendable () -> Void], stopping: Bool)>(([], false))
    private let wakeUp = DispatchSemaphore(value: 0)

    /// Starts the thread, named `name`.
    init(name: String) {
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
            wakeUp.wait()
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
}
