#if canImport(Glibc)
import Glibc
#endif

/// A client's connected socket, plain or under a TLS session, as the WebSocket client reads and
/// writes it: blocking calls bounded by the socket's kernel time-outs (`Socket.setTimeouts`).
struct ClientSocket {
    let fd: Int32
    let session: TLSSession?
    /// Kept for the session's lifetime: the session uses the context's BIO method.
    let context: TLSClientContext?

    /// What one read gave.
    enum Read {
        case bytes(Int)
        /// Nothing yet: the time-out ran out, or a signal interrupted the call.
        case again
        /// The server closed the connection (or its TLS session).
        case closed
        case failed
    }

    /// Whether decrypted bytes wait in the TLS session, to be read without polling the socket.
    var hasBufferedBytes: Bool { session?.hasBufferedBytes ?? false }

    /// Reads what has arrived into `buffer`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Read {
        if let session {
            switch session.read(into: buffer) {
            case .moved(let count): return .bytes(count)
            case .again: return .again
            case .closed: return .closed
            case .failed: return .failed
            }
        }
        let count = recv(fd, buffer.baseAddress, buffer.count, 0)
        if count > 0 { return .bytes(count) }
        if count == 0 { return .closed }
        return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? .again : .failed
    }

    /// Writes all of `bytes` unless the connection fails or `deadline` (monotonic nanoseconds)
    /// passes first; false then.
    func write(_ bytes: UnsafeRawBufferPointer, deadline: UInt64) -> Bool {
        var written = 0
        while written < bytes.count {
            guard Socket.monotonicNanoseconds() < deadline else { return false }
            let rest = UnsafeRawBufferPointer(rebasing: bytes[written...])
            if let session {
                switch session.write(rest) {
                case .moved(let count): written += count
                case .again: continue
                case .closed, .failed: return false
                }
                continue
            }
            let count = send(fd, rest.baseAddress, rest.count, Int32(MSG_NOSIGNAL))
            if count > 0 {
                written += count
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                continue
            } else {
                return false
            }
        }
        return true
    }

    /// Ends the TLS session (close_notify) and closes the socket.
    func close() {
        _ = session?.finish()
        Glibc.close(fd)
    }
}
