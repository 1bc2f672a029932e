import Glibc
import Lifecycle

/// A `TaskExecutor` with one thread of its own: the jobs of every task that prefers it run
/// there, one at a time, in the order they were enqueued.
///
/// For tasks that hand work to each other all the time (the live runner's pollers, engine loop
/// and broker calls): on the shared pool each hand-over is often the wake-up of another pool
/// thread; here it is an append to this thread's queue. A resumption from outside (a connection
/// thread's answer, a timer) that comes within `idleSpin` of the queue running dry finds the
/// thread still watching it, and only a later one wakes the thread: a loopback answer usually
/// comes sooner than a sleeping thread wakes up. A job must not block for long: it holds up
/// every other task of the thread.
///
/// `shutDown()` lets the thread run what is queued, ends it and returns; a job enqueued after
/// that runs on the global concurrent executor, so no task is ever left without a thread.
public final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// Guards `queue`, `stopping`, `ended` and `thread`; the thread waits on it when idle, and
    /// `shutDown()` until the thread has ended.
    private let lock = ConditionLock()
    private var queue: [UnownedJob] = []
    private var stopping = false
    private var ended = false
    private var thread: pthread_t?
    /// How long the thread watches an empty queue before it sleeps, in nanoseconds.
    private let idleSpin: UInt64

    /// Starts the executor's thread, named `name` (cut to the 15 bytes Linux keeps), which
    /// watches its queue for `idleSpin` after it runs dry before it sleeps (yielding the
    /// processor to any other thread that is ready meanwhile).
    public init(name: String, idleSpin: Duration = .microseconds(50)) {
        self.idleSpin = MonotonicClock.nanoseconds(of: idleSpin)
        OSThread.detach(name: name) { [self] in loop() }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        lock.lock()
        if ended {
            lock.unlock()
            globalConcurrentExecutor.enqueue(job)
            return
        }
        queue.append(UnownedJob(job))
        lock.broadcast()
        lock.unlock()
    }

    /// Runs the jobs already queued, ends the thread and returns once it has ended; later jobs
    /// go to the global concurrent executor. Never called from a job of this executor, which
    /// would wait for itself.
    public func shutDown() {
        lock.lock()
        if let thread { precondition(pthread_equal(thread, pthread_self()) == 0, "a ThreadExecutor shut down from its own thread") }
        stopping = true
        lock.broadcast()
        while !ended { lock.wait() }
        lock.unlock()
    }

    private func loop() {
        let executor = asUnownedTaskExecutor()
        var batch: [UnownedJob] = []
        lock.lock()
        thread = pthread_self()
        while true {
            if queue.isEmpty && !stopping { watchTheEmptyQueue() }
            while queue.isEmpty && !stopping { lock.wait() }
            if queue.isEmpty { break }
            swap(&batch, &queue)
            lock.unlock()
            for job in batch { job.runSynchronously(on: executor) }
            batch.removeAll(keepingCapacity: true)
            lock.lock()
        }
        ended = true
        lock.broadcast()
        lock.unlock()
    }

    /// With the lock held and nothing queued: lets go of the lock and yields until a job is
    /// queued, a shut-down asked or `idleSpin` passed, and returns with the lock held.
    private func watchTheEmptyQueue() {
        let until = MonotonicClock.nanoseconds() + idleSpin
        repeat {
            lock.unlock()
            sched_yield()
            lock.lock()
        } while queue.isEmpty && !stopping && MonotonicClock.nanoseconds() < until
    }
}
