#if canImport(Glibc)
import Glibc
#endif

/// Calls `call` (`bind`, `connect`) with the IPv4 address `host`:`port` and returns its result.
public func withIPv4Address(_ host: String, _ port: UInt16, _ call: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr(host)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
}

/// A blocking loopback TCP socket for tests that must send exactly the bytes they choose.
public final class RawSocket {
    public let fd: Int32

    public init(fd: Int32) { self.fd = fd }

    /// Connects to 127.0.0.1:`port` from `source` (another loopback address, such as 127.0.0.2,
    /// plays a second client machine).
    public convenience init?(connectingTo port: UInt16, from source: String = "127.0.0.1") {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        guard withIPv4Address(source, 0, { bind(fd, $0, $1) }) == 0 else {
            close(fd)
            return nil
        }
        let status = withIPv4Address("127.0.0.1", port) { connect(fd, $0, $1) }
        guard status == 0 else {
            close(fd)
            return nil
        }
        self.init(fd: fd)
    }

    deinit { close(fd) }

    public func send(_ text: String) { send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + written, $0.count - written, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            written += count
        }
    }

    /// Reads until the peer closes, or until `limit` passes with nothing new (a bound against
    /// hanging, not an assertion about timing).
    public func readToEnd(limit: Int32 = 5000) -> (bytes: [UInt8], closed: Bool) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, limit) > 0 else { return (bytes, false) }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return (bytes, true) }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads onto `received` until `done(received)` holds or the peer closes, or until `limit`
    /// ms have passed in all (a bound against hanging, however the bytes trickle in, not a time
    /// `done` must hold within: it returns as soon as it does); returns whether `done` held.
    public func read(onto received: inout [UInt8], limit: Int32 = 10_000, until done: ([UInt8]) -> Bool) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let deadline = Self.monotonicMilliseconds() + Int64(limit)
        while !done(received) {
            let left = deadline - Self.monotonicMilliseconds()
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard left > 0, poll(&entry, 1, Int32(left)) > 0 else { return false }
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { return done(received) }
            received.append(contentsOf: chunk[0..<count])
        }
        return true
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
    }
}
