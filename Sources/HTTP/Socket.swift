#if canImport(Glibc)
import Glibc
#endif
import Lifecycle

/// Thin wrappers over the POSIX socket calls shared by the server and the client connection.
enum Socket {
    /// A resolved socket address.
    struct Resolved {
        var storage = sockaddr_storage()
        var length: socklen_t = 0
        var family: Int32 { Int32(storage.ss_family) }
    }

    /// The first stream address `getaddrinfo` gives for `address` (passive: for binding).
    static func resolve(_ address: HTTPAddress, passive: Bool) throws(HTTPError) -> Resolved {
        if address.isUnixSocket { return try unixAddress(address) }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = passive ? AI_PASSIVE : 0
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &list)
        guard status == 0, let first = list else {
            throw .invalidAddress(address.description, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var resolved = Resolved()
        withUnsafeMutableBytes(of: &resolved.storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(first.pointee.ai_addrlen)))
        }
        resolved.length = first.pointee.ai_addrlen
        return resolved
    }

    /// A Unix-domain socket's address (`sockaddr_un`); its path must fit `sun_path` with its NUL.
    private static func unixAddress(_ address: HTTPAddress) throws(HTTPError) -> Resolved {
        var unix = sockaddr_un()
        unix.sun_family = sa_family_t(AF_UNIX)
        let path = Array(address.host.utf8)
        let capacity = MemoryLayout.size(ofValue: unix.sun_path)
        guard path.count < capacity else {
            throw .invalidAddress(address.description, reason: "a Unix socket's path is limited to \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &unix.sun_path) { $0.copyBytes(from: path) }
        var resolved = Resolved()
        withUnsafeMutableBytes(of: &resolved.storage) { target in
            withUnsafeBytes(of: &unix) { target.copyMemory(from: $0) }
        }
        resolved.length = socklen_t(MemoryLayout<sockaddr_un>.size)
        return resolved
    }

    /// The port a bound socket was given (0 for a Unix socket).
    static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard status == 0 else { return nil }
        if Int32(storage.ss_family) == AF_UNIX { return 0 }
        return withUnsafeBytes(of: &storage) { raw in
            // sin_port and sin6_port sit at the same offset, in network byte order.
            let port = raw.loadUnaligned(fromByteOffset: 2, as: UInt16.self)
            return UInt16(bigEndian: port)
        }
    }

    /// Makes `fd` non-blocking.
    static func setNonBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
    }

    /// Makes `fd` blocking again.
    static func setBlocking(_ fd: Int32) {
        let flags = fcntl(fd, F_GETFL)
        _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK)
    }

    /// Sends small messages at once (disables Nagle's algorithm).
    static func setNoDelay(_ fd: Int32) {
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// The system's text for an `errno` value.
    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Nanoseconds of the monotonic clock.
    static func monotonicNanoseconds() -> UInt64 {
        MonotonicClock.nanoseconds()
    }
}
