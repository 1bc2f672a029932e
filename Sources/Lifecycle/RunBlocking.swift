import Dispatch

/// Runs an async call to completion from synchronous code (start-up, the CLI's one-shot
/// commands), blocking this thread, which must not be one of the concurrency pool's.
public func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let result = Locked<Result<T, any Error>?>(nil)
    let done = DispatchSemaphore(value: 0)
    Task {
        do { result.set(.success(try await body())) } catch { result.set(.failure(error)) }
        done.signal()
    }
    done.wait()
    return try result.get()!.get()
}
