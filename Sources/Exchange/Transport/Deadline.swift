/// Bounds an async operation in time.
enum Deadline {
    /// Runs `operation`, returning its result, or throws `timedOut` naming `what` once `limit`
    /// has passed (the operation is then cancelled and abandoned).
    static func run<T: Sendable>(
        within limit: Duration, what: String, _ operation: @escaping @Sendable () async -> T
    ) async throws(ExchangeError) -> T {
        let winner: T? = await withTaskGroup(of: T?.self) { group in
            group.addTask { await operation() }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let winner else { throw .timedOut("\(what) after \(limit)") }
        return winner
    }
}
