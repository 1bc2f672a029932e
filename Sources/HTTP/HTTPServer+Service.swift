import Dispatch
import Lifecycle

extension HTTPServer: Service {
    /// Serves until the task is cancelled (or `stop()` is called), then stops as `stop()` does:
    /// closes the listener and every connection, and returns once the event-loop threads have
    /// ended, without blocking a thread of the concurrency pool while it waits for them.
    public func run() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                running.notify(queue: .global()) { continuation.resume() }
            }
        } onCancel: {
            requestStop()
        }
        stop()
    }
}
