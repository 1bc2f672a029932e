#if canImport(Glibc)
import Glibc
#endif

/// Connecting a client's socket: what the HTTP client connection and the WebSocket client share.
extension Socket {
    /// A blocking TCP (or Unix-domain) socket connected to `address` within `timeout`, with
    /// Nagle's algorithm off; throws `couldNotConnect` or `timedOut(requestSent: false)`.
    static func connect(to address: HTTPAddress, timeout: Duration) throws(HTTPError) -> Int32 {
        var resolved = try Socket.resolve(address, passive: false)
        let fd = socket(resolved.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .couldNotConnect(address.description, reason: Socket.errorText(errno)) }
        Socket.setNonBlocking(fd)
        Socket.setNoDelay(fd)
        let status = withUnsafePointer(to: &resolved.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, resolved.length) }
        }
        if status == 0 {
            Socket.setBlocking(fd)
            return fd
        }
        guard errno == EINPROGRESS else {
            let code = errno
            Glibc.close(fd)
            throw .couldNotConnect(address.description, reason: Socket.errorText(code))
        }
        let deadline = Socket.monotonicNanoseconds() + timeout.nanoseconds
        let ready: Bool
        do throws(HTTPError) {
            ready = try wait(fd, for: Int16(POLLOUT), until: deadline)
        } catch {
            Glibc.close(fd)
            throw .couldNotConnect(address.description, reason: "poll failed")
        }
        guard ready else {
            Glibc.close(fd)
            throw .timedOut(requestSent: false)
        }
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
        guard code == 0 else {
            Glibc.close(fd)
            throw .couldNotConnect(address.description, reason: Socket.errorText(code))
        }
        Socket.setBlocking(fd)
        return fd
    }

    /// Waits until `fd` is ready for `events` or the deadline passes (false). Hang-ups and errors
    /// count as ready, so that the following call reports them.
    private static func wait(_ fd: Int32, for events: Int16, until deadline: UInt64) throws(HTTPError) -> Bool {
        while true {
            let now = Socket.monotonicNanoseconds()
            guard now < deadline else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let milliseconds = Int32(min((deadline - now + 999_999) / 1_000_000, UInt64(Int32.max)))
            let status = poll(&entry, 1, milliseconds)
            if status > 0 { return true }
            if status < 0 && errno != EINTR { throw .connectionLost(requestSent: false) }
        }
    }
}

extension Socket {
    /// Sets `fd`'s kernel send and receive time-outs, which bound each blocking call on it.
    static func setTimeouts(_ fd: Int32, _ timeout: Duration) {
        let nanoseconds = max(timeout.nanoseconds, 1000)
        var time = timeval(tv_sec: Int(nanoseconds / 1_000_000_000), tv_usec: Int(nanoseconds % 1_000_000_000 / 1000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, size)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &time, size)
    }
}
