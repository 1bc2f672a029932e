#if canImport(Glibc)
import Glibc
#endif

/// Writing: a connection's pending output to its socket, and the error response that closes it.
extension EventLoop {
    /// Queues an error response and closes the connection after it.
    func refuse(_ connection: ServerConnection, status: Int, reason: String) {
        configuration.errorResponse(status, reason).encode(into: &connection.output, keepAlive: false)
        connection.input.removeAll()
        connection.inputStart = 0
        connection.phase = .closingAfterWrite
    }

    /// Writes pending output; waits for writability when the socket is full; shuts the write side
    /// down once the last response of a closing connection is out.
    func flush(_ connection: ServerConnection) {
        while connection.hasPendingOutput {
            let count = connection.output.withUnsafeBytes {
                send(connection.fd, $0.baseAddress! + connection.outputWritten, $0.count - connection.outputWritten, Int32(MSG_NOSIGNAL))
            }
            if count > 0 {
                connection.outputWritten += count
                connection.lastActivity = Socket.monotonicNanoseconds()
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                connection.awaitingWritable = true
                return
            } else {
                close(connection)
                return
            }
        }
        connection.output.removeAll(keepingCapacity: true)
        connection.outputWritten = 0
        connection.awaitingWritable = false
        if case .closingAfterWrite = connection.phase {
            shutdown(connection.fd, Int32(SHUT_WR))
            connection.phase = .draining(since: Socket.monotonicNanoseconds())
        }
    }
}
