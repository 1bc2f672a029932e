import Lifecycle
import Synchronization
import WebSocket
#if canImport(Glibc)
import Glibc
#endif

/// A WebSocket client connection (RFC 6455) to one URL, plain or over TLS.
///
/// `init` connects, upgrades and checks the server's `Sec-WebSocket-Accept` on the caller's
/// thread, and throws why when it cannot; `connect` does the same on a thread of its own for an
/// async caller, whose thread must not wait on the network. Then a thread of the client's own
/// owns the socket (and its TLS session, which only that thread touches): it reads frames, hands
/// each message to `onEvent` (on that thread, in order), answers pings, pings the server every
/// `pingInterval`, and ends the connection when nothing has arrived within `keepAliveTimeout`.
/// `onEvent` gets exactly one `closed` last: the server's close code and reason, the code of a
/// protocol failure the client closed with, or 1006 with a reason saying what happened (the
/// connection dropped, or a stalled stream: "stalled: ...").
///
/// `send(text:)`, `send(binary:)` and `close(code:reason:)` may be called from any thread: they
/// queue masked frames (within `sendBufferLimit`) and wake the client's thread through a pipe.
public final class WebSocketClient: Sendable {
    /// What the client's thread hands to `onEvent`.
    public enum Event: Equatable, Sendable {
        /// A whole message from the server.
        case message(WebSocketMessage)
        /// The connection has ended (always the last event): the close code and reason.
        case closed(WebSocketCloseCode, String)
    }

    /// The URL connected to.
    public let url: WebSocketURL
    public let configuration: WebSocketClientConfiguration
    let outbox: Mutex<Outbox>
    let wakeReadFD: Int32
    let wakeWriteFD: Int32

    struct Outbox {
        var queued: [UInt8] = []
        /// A close frame is queued; nothing more may be.
        var closing = false
        /// The client's thread has ended; the pipe is closed.
        var ended = false
    }

    /// Connects to `url` (TLS with `tls` for `wss`), with `headers` added to the upgrade
    /// request (an API key, say), and starts the client's thread, which calls `onEvent`.
    public init(
        url: WebSocketURL, headers: HTTPHeaders = HTTPHeaders(), tls: TLSClientContext? = nil,
        configuration: WebSocketClientConfiguration = WebSocketClientConfiguration(),
        onEvent: @escaping @Sendable (Event) -> Void
    ) throws(WebSocketClientError) {
        let (socket, early) = try Self.open(url, headers: headers, tls: tls, configuration: configuration)
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe(&pipeFDs) == 0 else {
            socket.close()
            throw .http(.couldNotConnect(url.address.description, reason: Socket.errorText(errno)))
        }
        for fd in pipeFDs {
            Socket.setNonBlocking(fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        self.url = url
        self.configuration = configuration
        outbox = Mutex(Outbox())
        wakeReadFD = pipeFDs[0]
        wakeWriteFD = pipeFDs[1]
        let loop = WebSocketClientLoop(client: self, socket: socket, early: early, onEvent: onEvent)
        OSThread.detach(name: "websocket-client") { loop.run() }
    }

    /// Whether the connection still takes messages (not closing or closed).
    public var isOpen: Bool { outbox.withLock { !$0.closing && !$0.ended } }

    /// Queues a text message; false when the connection is closing or closed, or the queue would
    /// pass `sendBufferLimit`.
    @discardableResult
    public func send(text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            enqueue(count: utf8.count) { WebSocketFrame.encode(.text, payload: UnsafeRawBufferPointer(utf8), mask: .random(), into: &$0) }
        }
    }

    /// Queues a binary message (see `send(text:)`).
    @discardableResult
    public func send(binary: [UInt8]) -> Bool {
        enqueue(count: binary.count) { WebSocketFrame.encode(.binary, payload: binary, mask: .random(), into: &$0) }
    }

    /// Starts the close handshake: a close frame after what is queued; the connection ends when
    /// the server answers, or `closeTimeout` after.
    public func close(code: WebSocketCloseCode = .normal, reason: String = "") {
        _ = enqueue(count: 0, closing: true) { WebSocketFrame.encodeClose(code, reason: reason, mask: .random(), into: &$0) }
    }

    private func enqueue(count: Int, closing: Bool = false, _ write: (inout [UInt8]) -> Void) -> Bool {
        outbox.withLock { outbox in
            guard !outbox.closing, !outbox.ended else { return false }
            guard closing || outbox.queued.count + count <= configuration.limits.sendBufferLimit else { return false }
            write(&outbox.queued)
            outbox.closing = closing
            // Under the lock: the thread closes the pipe only after marking `ended` under it.
            var one: UInt8 = 1
            _ = Glibc.write(wakeWriteFD, &one, 1)
            return true
        }
    }
}
