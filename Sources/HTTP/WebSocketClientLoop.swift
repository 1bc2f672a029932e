import WebSocket
#if canImport(Glibc)
import Glibc
#endif

/// The client's thread: owns the socket, decodes the server's frames, writes what is queued and
/// what the protocol asks (pongs, pings, the close frame), and keeps the timers.
final class WebSocketClientLoop: @unchecked Sendable {
    // Touched only by the client's thread once `run` starts.
    private let client: WebSocketClient
    private let socket: ClientSocket
    private var early: [UInt8]
    private let onEvent: @Sendable (WebSocketClient.Event) -> Void
    private var decoder: WebSocketDecoder
    private var output: [UInt8] = []
    /// One read's worth: a TLS record, at most 16 KiB of plaintext, is all one TLS read returns,
    /// and each connection's buffer is resident for as long as the stream is open.
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)
    private var lastReceived: UInt64
    private var nextPing: UInt64
    private var closeSent = false
    private var closeDeadline = UInt64.max
    /// How the connection ended, once it has.
    private var ending: (code: WebSocketCloseCode, reason: String)?

    init(client: WebSocketClient, socket: ClientSocket, early: [UInt8], onEvent: @escaping @Sendable (WebSocketClient.Event) -> Void) {
        self.client = client
        self.socket = socket
        self.early = early
        self.onEvent = onEvent
        let limits = client.configuration.limits
        decoder = WebSocketDecoder(role: .client, maxMessageSize: limits.maxMessageSize)
        lastReceived = Socket.monotonicNanoseconds()
        nextPing = lastReceived + limits.pingInterval.nanoseconds
    }

    func run() {
        if !early.isEmpty {
            early.withUnsafeBytes { receive($0) }
            early = []
        }
        let limits = client.configuration.limits
        while ending == nil {
            takeQueued()
            if !output.isEmpty {
                let deadline = lastReceived + limits.keepAliveTimeout.nanoseconds
                guard output.withUnsafeBytes({ socket.write($0, deadline: deadline) }) else {
                    end(.abnormal, "the connection failed while sending")
                    break
                }
                output.removeAll(keepingCapacity: true)
            }
            if socket.hasBufferedBytes || waitForInput() { readInput() }
            let now = Socket.monotonicNanoseconds()
            if now - lastReceived > limits.keepAliveTimeout.nanoseconds {
                let waited = (now - lastReceived) / 1_000_000
                end(.abnormal, "stalled: nothing from the server for \(waited) ms")
            } else if now >= closeDeadline {
                end(.abnormal, "the server did not answer the close frame")
            } else if now >= nextPing {
                WebSocketFrame.encode(.ping, payload: [], mask: .random(), into: &output)
                nextPing = now + limits.pingInterval.nanoseconds
            }
        }
        finish()
    }

    /// Moves what other threads queued to the output; notes a queued close frame.
    private func takeQueued() {
        client.outbox.withLock { outbox in
            guard !outbox.queued.isEmpty else { return }
            output += outbox.queued
            outbox.queued.removeAll(keepingCapacity: true)
            if outbox.closing, !closeSent {
                closeSent = true
                closeDeadline = Socket.monotonicNanoseconds() + client.configuration.closeTimeout.nanoseconds
            }
        }
    }

    /// Waits for the socket or the wake pipe until the next timer; true when the socket is
    /// readable (or closed).
    private func waitForInput() -> Bool {
        let now = Socket.monotonicNanoseconds()
        let limits = client.configuration.limits
        let next = min(nextPing, lastReceived + limits.keepAliveTimeout.nanoseconds + 1, closeDeadline)
        let milliseconds = next > now ? Int32(min((next - now + 999_999) / 1_000_000, 1000)) : 0
        var entries = [
            pollfd(fd: socket.fd, events: Int16(POLLIN), revents: 0), pollfd(fd: client.wakeReadFD, events: Int16(POLLIN), revents: 0),
        ]
        guard poll(&entries, 2, milliseconds) > 0 else { return false }
        if entries[1].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 64)
            _ = read(client.wakeReadFD, &drained, drained.count)
        }
        return entries[0].revents != 0
    }

    private func readInput() {
        let result = buffer.withUnsafeMutableBytes { socket.read(into: $0) }
        switch result {
        case .bytes(let count):
            buffer.withUnsafeBytes { receive(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        case .again:
            return
        case .closed, .failed:
            end(.abnormal, "the connection closed without a close frame")
        }
    }

    /// Decodes what arrived and acts on each frame.
    private func receive(_ bytes: UnsafeRawBufferPointer) {
        lastReceived = Socket.monotonicNanoseconds()
        let failure = decoder.feed(bytes) { event in
            switch event {
            case .message(let message):
                onEvent(.message(message))
            case .ping(let payload):
                WebSocketFrame.encode(.pong, payload: payload, mask: .random(), into: &output)
            case .pong:
                break
            case .close(let code, let reason):
                if !closeSent {
                    WebSocketFrame.encodeClose(code ?? .normal, reason: "", mask: .random(), into: &output)
                    closeSent = true
                }
                end(code ?? .noStatus, reason)
            }
        }
        if let failure {
            if !closeSent {
                WebSocketFrame.encodeClose(failure.code, reason: failure.reason, mask: .random(), into: &output)
                closeSent = true
            }
            end(failure.code, failure.reason)
        }
    }

    private func end(_ code: WebSocketCloseCode, _ reason: String) {
        if ending == nil { ending = (code, reason) }
    }

    /// Writes a last close frame if one is due (briefly), closes everything, and reports.
    private func finish() {
        takeQueued()
        if !output.isEmpty {
            _ = output.withUnsafeBytes { socket.write($0, deadline: Socket.monotonicNanoseconds() + 100_000_000) }
        }
        client.outbox.withLock { outbox in
            outbox.ended = true
            outbox.queued = []
            Glibc.close(client.wakeReadFD)
            Glibc.close(client.wakeWriteFD)
        }
        socket.close()
        let (code, reason) = ending ?? (.abnormal, "")
        onEvent(.closed(code, reason))
    }
}
