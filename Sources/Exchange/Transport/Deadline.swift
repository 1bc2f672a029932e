import Synchronization

/// Bounds an async operation in time.
enum Deadline {
    /// Runs `operation`, returning its result, or throws `timedOut` naming `what` once `limit`
    /// has passed. On time-out the operation is cancelled and abandoned, not awaited, so an
    /// operation that ignores cancellation cannot hold the caller.
    static func run<T: Sendable>(
        within limit: Duration, what: String, _ operation: @escaping @Sendable () async -> T
    ) async throws(ExchangeError) -> T {
        let race = Race<T>()
        let winner: T? = await withCheckedContinuation { continuation in
            race.pending.withLock { $0 = continuation }
            let work = Task { race.finish(with: await operation()) }
            let timer = Task {
                try? await Task.sleep(for: limit)
                race.finish(with: nil)
            }
            race.tasks.withLock { $0 = [work, timer] }
        }
        for task in race.tasks.withLock({ $0 }) { task.cancel() }
        guard let winner else { throw .timedOut("\(what) after \(limit)") }
        return winner
    }

    /// The shared state of one race: whoever finishes first resumes the caller.
    private final class Race<T: Sendable>: Sendable {
        let pending = Mutex<CheckedContinuation<T?, Never>?>(nil)
        let tasks = Mutex<[Task<Void, Never>]>([])

        func finish(with value: T?) {
            pending.withLock { $0.take() }?.resume(returning: value)
        }
    }
}
