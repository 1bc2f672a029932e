#if canImport(Glibc)
import Glibc
#endif
import HTTP

/// A loopback port that takes connections and never answers, for tests and benchmarks of a
/// receiver that hangs: the kernel completes the handshake (the listen backlog) and keeps what
/// the client writes; nobody ever reads or replies.
public final class SilentListener: Sendable {
    public let address: HTTPAddress
    private let fd: Int32

    public init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = fd >= 0 && withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 64) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard listening else {
            if fd >= 0 { close(fd) }
            throw HTTPError.couldNotListen("127.0.0.1:0", reason: "errno \(errno)")
        }
        self.fd = fd
        self.address = HTTPAddress(host: "127.0.0.1", port: UInt16(bigEndian: address.sin_port))
    }

    public func stop() { close(fd) }
}
