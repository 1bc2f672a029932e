#if canImport(Glibc)
import Glibc
#endif

extension RawSocket {
    /// A TCP socket (closed on exec) bound to 127.0.0.1:`port` (0: a free port the kernel picks),
    /// and the port it got; nil when the bind fails (the port is taken). With `reusingAddress`,
    /// a port whose closed connections linger in TIME_WAIT can be bound; a listener there still
    /// makes the bind fail. The caller listens (or not) and closes the socket.
    public static func bindLoopback(port: UInt16 = 0, reusingAddress: Bool = false) -> (fd: Int32, port: UInt16)? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        if reusingAddress {
            var one: Int32 = 1
            _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withIPv4Address("127.0.0.1", port, { bind(fd, $0, $1) }) == 0 && withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) == 0 }
        }
        guard named else {
            close(fd)
            return nil
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    /// A TCP socket listening on a free port of 127.0.0.1 (at most `backlog` connections
    /// waiting), and its port; nil when the socket cannot be bound or listen. The caller accepts
    /// on it and closes it.
    public static func listenLoopback(backlog: Int32 = 16) -> (fd: Int32, port: UInt16)? {
        guard let bound = bindLoopback() else { return nil }
        guard listen(bound.fd, backlog) == 0 else {
            close(bound.fd)
            return nil
        }
        return bound
    }
}
