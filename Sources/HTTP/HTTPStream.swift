import Synchronization

/// The sending side of a held response (`HTTPResponse.streaming`): what the handler's `open`
/// closure is given, to push body bytes to the client from any thread.
///
/// `send` only enqueues: it never blocks on the client. The connection's event loop, woken
/// through its wake pipe, takes the queued bytes once the socket has written the previous ones.
/// What waits in the queue is capped at `bufferLimit` bytes: a client that reads too slowly to
/// stay under it is closed, never buffered without bound. The stream ends when the client
/// closes, falls behind or stalls, when `finish()` has been called and the queue is written, or
/// when the server stops; from then on `send` returns false.
public final class HTTPStream: Sendable {
    enum Phase {
        /// Taking bytes.
        case open
        /// `finish()` was called: what is queued is written, then the connection closes.
        case finishing
        /// Ended: nothing more is written, the connection is (or is being) closed.
        case ended
    }

    private struct State {
        var phase = Phase.open
        var queued: [UInt8] = []
        /// Whether a send past `bufferLimit` ended the stream (the client fell behind).
        var overflowed = false
    }

    /// The most bytes that may wait for the loop; a `send` past it ends the stream.
    public let bufferLimit: Int
    private let state = Mutex(State())
    private let loop: EventLoop

    init(bufferLimit: Int, loop: EventLoop) {
        self.bufferLimit = bufferLimit
        self.loop = loop
    }

    /// Whether the stream still takes bytes.
    public var isOpen: Bool { state.withLock { if case .open = $0.phase { true } else { false } } }

    /// The bytes waiting for the loop now: how close the client is to `bufferLimit`.
    public var queuedByteCount: Int { state.withLock { $0.queued.count } }

    /// Queues `bytes` for the client. Returns false, queuing nothing, when the stream has ended,
    /// and ends it when the bytes would take the queue past `bufferLimit`: the caller then lets
    /// go of the stream.
    @discardableResult
    public func send(_ bytes: [UInt8]) -> Bool {
        append(count: bytes.count) { $0 += bytes }
    }

    /// Queues what `write` appends to the queue, `count` bytes at most (a WebSocket frame,
    /// encoded in place), under the rules of `send`; with `finishing`, then finishes the stream.
    func append(count: Int, finishing: Bool = false, _ write: (inout [UInt8]) -> Void) -> Bool {
        // The loop is woken with the lock held: the loop ends every stream, under this lock,
        // before its wake pipe can be closed, so a send never writes to a closed pipe.
        state.withLock { state in
            guard case .open = state.phase else { return false }
            if state.queued.count + count > bufferLimit {
                state.phase = .ended
                state.overflowed = true
                state.queued = []
                loop.wakeForStreams()
                return false
            }
            write(&state.queued)
            if finishing { state.phase = .finishing }
            loop.wakeForStreams()
            return true
        }
    }

    /// Ends the stream once the bytes queued so far are written.
    public func finish() {
        state.withLock { state in
            guard case .open = state.phase else { return }
            state.phase = .finishing
            loop.wakeForStreams()
        }
    }

    /// The loop's side: whether a send past `bufferLimit` ended the stream.
    var overflowed: Bool { state.withLock { $0.overflowed } }

    /// The loop's side: the phase, leaving what is queued for the next `take()`.
    var phase: Phase { state.withLock { $0.phase } }

    /// The loop's side: the queued bytes (emptying the queue) and the phase.
    func take() -> (bytes: [UInt8], phase: Phase) {
        state.withLock { state in
            let bytes = state.queued
            state.queued = []
            return (bytes, state.phase)
        }
    }

    /// The loop's side: ends the stream (its connection is closing).
    func end() {
        state.withLock { state in
            state.phase = .ended
            state.queued = []
        }
    }
}
