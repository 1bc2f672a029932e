import Dispatch
import Synchronization

/// Requests for one path that a server leaves unanswered until the test releases them: the test
/// learns that its client is waiting (`waitForRequest`), acts, then lets the answer go. A held
/// request waits at most a minute, so a test that never releases cannot hang the server.
public final class RequestHold: Sendable {
    /// The path whose requests are held.
    public let path: String
    private let arrived = DispatchSemaphore(value: 0)
    private let released = DispatchGroup()
    private let isReleased = Mutex(false)

    init(path: String) {
        self.path = path
        released.enter()
    }

    /// Whether a request for the path arrived (and is held) within `seconds`.
    public func waitForRequest(seconds: Double) -> Bool {
        arrived.wait(timeout: .now() + seconds) == .success
    }

    /// Answers the held requests and every later one at once; a second call does nothing.
    public func release() {
        if isReleased.withLock({ released in defer { released = true }; return !released }) { released.leave() }
    }

    /// Called by the server's handler for a request of the path: returns once released.
    func hold() {
        arrived.signal()
        _ = released.wait(timeout: .now() + 60)
    }
}
