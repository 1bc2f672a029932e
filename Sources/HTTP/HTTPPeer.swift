#if canImport(Glibc)
import Glibc
#endif

/// Who is at the other end of a server's connection: a network client's numeric address and
/// port, or a Unix-domain socket's peer process as the kernel vouches for it (`SO_PEERCRED`).
public enum HTTPPeer: Sendable, Hashable, CustomStringConvertible {
    /// `ADDRESS:PORT` (`[v6]:PORT`), numeric.
    case network(String)
    /// The user and process that connected to a Unix socket.
    case local(uid: UInt32, pid: Int32)

    /// The peer of the accepted socket `fd`, whose address `accept` put in `storage`; nil when
    /// it cannot be said.
    static func of(_ fd: Int32, storage: sockaddr_storage, length: socklen_t) -> HTTPPeer? {
        var storage = storage
        if Int32(storage.ss_family) == AF_UNIX {
            // struct ucred: pid, uid, gid, each 32 bits.
            var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
            var size = socklen_t(MemoryLayout.size(ofValue: credentials))
            guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { return nil }
            return .local(uid: credentials.uid, pid: credentials.pid)
        }
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        var service = [CChar](repeating: 0, count: Int(NI_MAXSERV))
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), &service, socklen_t(service.count), NI_NUMERICHOST | NI_NUMERICSERV)
            }
        }
        guard status == 0 else { return nil }
        let address = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let port = String(decoding: service.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return .network(address.contains(":") ? "[\(address)]:\(port)" : "\(address):\(port)")
    }

    /// `ADDRESS:PORT`, or `uid U pid P`.
    public var description: String {
        switch self {
        case .network(let address): address
        case .local(let uid, let pid): "uid \(uid) pid \(pid)"
        }
    }
}
