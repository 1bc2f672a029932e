#if canImport(Glibc)
import Glibc
#endif

/// The IP address a connection comes from, as the key of the per-address connection cap: an IPv4
/// address in its IPv6-mapped form, so that both families share one key space.
struct PeerAddress: Hashable, Sendable {
    private var high: UInt64
    private var low: UInt64

    /// The address of an accepted socket's peer (`storage` as `accept` filled it); a peer of any
    /// other family (a Unix socket) maps to one key.
    init(_ storage: sockaddr_storage) {
        var storage = storage
        let family = Int32(storage.ss_family)
        (high, low) = withUnsafeBytes(of: &storage) { raw in
            switch family {
            case AF_INET:
                // sin_addr sits after the family and port, in network byte order.
                let address = raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)
                return (0, 0xFFFF_0000_0000 | UInt64(UInt32(bigEndian: address)))
            case AF_INET6:
                // sin6_addr sits after the family, port and flow information.
                return (
                    UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
                    UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
            default:
                return (0, 0)
            }
        }
    }
}
