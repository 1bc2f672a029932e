import WebSocket

/// The server's side of one WebSocket connection, given to the handler's closures: sends from
/// any thread, never blocking.
///
/// Sends are encoded into the connection's bounded queue (an `HTTPStream`'s) and written by its
/// event loop, woken through its pipe. A client that reads too slowly for the queue to stay
/// within `sendBufferLimit` is dropped: sent a close frame with 1008 ("slow reader"), closed, and
/// counted in `WebSocketServerStart.slowReadersDropped`. Once the connection is closing or
/// closed, sends return false.
public final class WebSocketConnection: Sendable {
    /// The upgrade request: its path, query, fields and peer.
    public let request: HTTPRequest
    let stream: HTTPStream

    init(request: HTTPRequest, stream: HTTPStream) {
        self.request = request
        self.stream = stream
    }

    /// Whether the connection still takes messages.
    public var isOpen: Bool { stream.isOpen }

    /// The bytes of frames queued and not yet taken by the loop: a sender can warn a client that
    /// nears `sendBufferLimit` (as Alpaca's 407 "slow client") before the drop.
    public var queuedByteCount: Int { stream.queuedByteCount }

    /// Queues a text message; false when the connection is closed, or has just been dropped for
    /// falling behind.
    @discardableResult
    public func send(text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            stream.append(count: utf8.count + WebSocketFrame.maxHeaderSize) {
                WebSocketFrame.encode(.text, payload: UnsafeRawBufferPointer(utf8), mask: nil, into: &$0)
            }
        }
    }

    /// Queues a binary message (see `send(text:)`).
    @discardableResult
    public func send(binary: [UInt8]) -> Bool {
        stream.append(count: binary.count + WebSocketFrame.maxHeaderSize) {
            WebSocketFrame.encode(.binary, payload: binary, mask: nil, into: &$0)
        }
    }

    /// Sends a close frame after what is queued; the connection closes once it is written (and
    /// the client's answer read, or its linger passed).
    public func close(code: WebSocketCloseCode = .normal, reason: String = "") {
        _ = stream.append(count: 2 + 125, finishing: true) { WebSocketFrame.encodeClose(code, reason: reason, mask: nil, into: &$0) }
    }
}
