import Dispatch

/// A service over blocking code that runs until told to stop by its own means (an inbox
/// message, a flag): `body` runs on a thread of its own, never one of the concurrency pool's,
/// and `stop` is how cancellation reaches it, with the group's reason for stopping.
///
/// `stop` is called once, on the cancelling thread, and must not block; `body` should return
/// soon after. `run()` returns, or throws what `body` threw, once `body` has returned.
public struct BlockingService: Service {
    let name: String
    let body: @Sendable () throws -> Void
    let stop: @Sendable (StopCause?) -> Void

    /// A service running `body` on a thread named `name`; `stop` gets the `StopCause` of the
    /// group that cancelled it (nil when something else did).
    public init(name: String, body: @escaping @Sendable () throws -> Void, stop: @escaping @Sendable (StopCause?) -> Void) {
        self.name = name
        self.body = body
        self.stop = stop
    }

    public func run() async throws {
        let context = ServiceGroup.stopContext
        let body = body
        let stop = stop
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // A queue of its own runs on a thread of Dispatch's that may block for as long
                // as `body` runs; the concurrency pool's few threads must never block.
                DispatchQueue(label: name).async {
                    do {
                        try body()
                        continuation.resume()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        } onCancel: {
            stop(context?.cause)
        }
    }
}
