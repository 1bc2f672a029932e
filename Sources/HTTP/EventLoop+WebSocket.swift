import WebSocket

/// WebSocket connections: after the 101, a connection is a held response whose `HTTPStream`
/// carries the frames other threads send (encoded in its bounded queue); the loop decodes the
/// client's frames, answers pings and close frames itself, hands messages to the handler, pings
/// a quiet client and closes one silent past the keep-alive deadline.
extension EventLoop {
    /// Queues the 101, turns `connection` into a WebSocket connection, hands the handle to the
    /// start's `open`, and decodes any frames that came right behind the request.
    func startWebSocket(_ connection: ServerConnection, request: HTTPRequest, response: HTTPResponse, start: WebSocketServerStart) {
        response.encodeUpgradeHead(into: &connection.output)
        let early = Array(connection.input[connection.inputStart...])
        connection.input.removeAll()
        connection.inputStart = 0
        let limits = start.limits
        let stream = HTTPStream(bufferLimit: limits.sendBufferLimit, loop: self)
        let ping: [UInt8] = [0x80 | WebSocketOpcode.ping.rawValue, 0]
        let streamStart = HTTPStreamStart(bufferLimit: limits.sendBufferLimit, heartbeatInterval: limits.pingInterval, heartbeat: ping) { _ in }
        connection.stream = (stream, streamStart)
        connection.phase = .streaming
        let webSocket = ServerWebSocket(start: start, handle: WebSocketConnection(request: request, stream: stream), now: connection.lastActivity)
        connection.webSocket = webSocket
        start.open(webSocket.handle)
        if !early.isEmpty { early.withUnsafeBytes { receiveWebSocket(connection, webSocket, $0) } }
    }

    /// Decodes what the client sent: messages to the handler, pings answered, a close frame
    /// answered and the connection closed after it, a protocol failure closed with its code.
    func receiveWebSocket(_ connection: ServerConnection, _ webSocket: ServerWebSocket, _ bytes: UnsafeRawBufferPointer) {
        webSocket.lastReceived = connection.lastActivity
        let failure = webSocket.decoder.feed(bytes) { event in
            switch event {
            case .message(let message):
                webSocket.start.message(webSocket.handle, message)
            case .ping(let payload):
                WebSocketFrame.encode(.pong, payload: payload, mask: nil, into: &connection.output)
            case .pong:
                break
            case .close(let code, let reason):
                if !webSocket.closeSent {
                    // The answer echoes the code; a close without one is answered with 1000.
                    sendClose(connection, webSocket, code ?? .normal, reason: "")
                }
                webSocket.closeCode = code ?? .noStatus
                webSocket.closeReason = reason
            }
        }
        if let failure { sendClose(connection, webSocket, failure.code, reason: failure.reason) }
        // The loop's own frames first, then what the handler's closures queued.
        flush(connection)
        pumpStream(connection)
    }

    /// Queues a close frame after what is pending, ends the stream (sends from now on fail) and
    /// closes the connection once the frame is written.
    func sendClose(_ connection: ServerConnection, _ webSocket: ServerWebSocket, _ code: WebSocketCloseCode, reason: String) {
        guard !webSocket.closeSent else { return }
        webSocket.closeSent = true
        webSocket.closeCode = code
        webSocket.closeReason = reason
        connection.stream?.handle.end()
        WebSocketFrame.encodeClose(code, reason: reason, mask: nil, into: &connection.output)
        connection.phase = .closingAfterWrite
    }

    /// A stream that ended under the loop: a slow reader is sent 1008 and counted (the frame
    /// goes after whatever is unwritten, and the connection closes at once either way).
    func dropSlowReader(_ connection: ServerConnection, _ webSocket: ServerWebSocket) {
        guard !webSocket.closeSent, connection.stream?.handle.overflowed == true else { return }
        webSocket.start.countSlowReader()
        webSocket.closeSent = true
        webSocket.closeCode = .policyViolation
        webSocket.closeReason = "slow reader"
        WebSocketFrame.encodeClose(.policyViolation, reason: "slow reader", mask: nil, into: &connection.output)
        flush(connection)
    }

    /// Closes a connection whose client has sent nothing within the keep-alive deadline (sent
    /// 1001 first); true when it did.
    func sweepWebSocket(_ connection: ServerConnection, now: UInt64) -> Bool {
        guard let webSocket = connection.webSocket, now - webSocket.lastReceived > webSocket.start.limits.keepAliveTimeout.nanoseconds else {
            return false
        }
        sendClose(connection, webSocket, .goingAway, reason: "keep-alive deadline passed")
        flush(connection)
        close(connection)
        return true
    }

    /// Tells the handler the connection ended, once.
    func reportWebSocketClosed(_ connection: ServerConnection) {
        guard let webSocket = connection.webSocket else { return }
        connection.webSocket = nil
        webSocket.start.closed(webSocket.handle, webSocket.closeCode, webSocket.closeReason)
    }
}
