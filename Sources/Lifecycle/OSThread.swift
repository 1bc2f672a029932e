import CThreadName
import Glibc

/// Threads of the operating system, for work that blocks (socket loops, fsync, file reads)
/// and must not hold one of the few threads Swift concurrency shares. Foundation's `Thread`
/// did this before; it is the one thing the daemon needed from Foundation's thread API.
public enum OSThread {
    /// Starts a detached thread named `name` (cut to the 15 bytes Linux keeps) running `body`.
    /// Traps when the system refuses to create a thread: nothing can go on without it.
    public static func detach(name: String, _ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let start = Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue()
            _ = tickwork_name_current_thread(String(start.name.utf8.prefix(15)) ?? "tickwork")
            start.body()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            fatalError("pthread_create for thread \(name) failed: errno \(result)")
        }
        pthread_detach(thread)
    }
}

/// What a new thread runs, passed through `pthread_create`'s one pointer.
private final class ThreadStart {
    let name: String
    let body: @Sendable () -> Void

    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
