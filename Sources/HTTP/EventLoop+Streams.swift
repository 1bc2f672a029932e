/// Held responses: the loop writes a stream's head, then the bytes other threads queue on its
/// `HTTPStream`, one batch at a time, taking the next batch only when the socket has taken the
/// last one, so that a slow client's backlog waits in the stream's bounded queue.
extension EventLoop {
    /// Queues `response`'s head, turns `connection` into a stream and hands the stream to the
    /// handler's `open`.
    func startStream(_ connection: ServerConnection, response: HTTPResponse, start: HTTPStreamStart) {
        response.encodeStreamHead(into: &connection.output)
        // Nothing after the request that asked for the stream is read as a request.
        connection.input.removeAll()
        connection.inputStart = 0
        let stream = HTTPStream(bufferLimit: start.bufferLimit, loop: self)
        connection.stream = (stream, start)
        connection.phase = .streaming
        start.open(stream)
    }

    /// Writes what `connection`'s stream has queued, if the socket has taken all before it;
    /// closes a stream that ended, and one that finished once its bytes are written.
    func pumpStream(_ connection: ServerConnection) {
        guard case .streaming = connection.phase, let stream = connection.stream?.handle else { return }
        if connection.hasPendingOutput {
            // A stream that fell behind ends at once, whatever is still unwritten; otherwise what
            // was queued waits for the socket to take what is pending.
            if case .ended = stream.phase { closeEnded(connection) }
            return
        }
        let (bytes, phase) = stream.take()
        switch phase {
        case .ended:
            closeEnded(connection)
        case .open, .finishing:
            connection.output += bytes
            if case .finishing = phase { connection.phase = .closingAfterWrite }
            flush(connection)
        }
    }

    /// Closes a connection whose stream ended under it: a WebSocket's slow reader hears why.
    private func closeEnded(_ connection: ServerConnection) {
        if let webSocket = connection.webSocket { dropSlowReader(connection, webSocket) }
        close(connection)
    }

    /// Writes the heartbeat into a stream quiet for its interval, and closes one whose socket
    /// has taken nothing within the idle time-out.
    func sweepStream(_ connection: ServerConnection, now: UInt64) {
        guard let start = connection.stream?.start else { return }
        let quiet = now - connection.lastActivity
        if connection.hasPendingOutput {
            if quiet > idleTimeout { close(connection) }
        } else if quiet >= start.heartbeatInterval.nanoseconds {
            connection.output += start.heartbeat
            flush(connection)
        }
    }
}
