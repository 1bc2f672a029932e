import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The descriptors this process has open on `path`, found through `/proc/self/fd`: a lock's own
/// descriptor, for a test that copies it as a child started in that instant would hold it.
public func descriptors(openOn path: String) throws -> [Int32] {
    let wanted = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return try openDescriptors(where: { $0 == wanted })
}

/// The descriptors this process has listening on TCP `port` (IPv4 or IPv6): each socket of
/// `/proc/self/fd` asked whether it listens, and where. A server's listener, for a test that
/// copies it as a child started in that instant would hold it. (`/proc/net/tcp` is no way to
/// find it: read while other sockets open and close, it can skip a line.)
public func descriptors(listeningOn port: UInt16) throws -> [Int32] {
    try openDescriptors(where: { $0.hasPrefix("socket:") }).filter { descriptor in
        var listening: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0, listening == 1 else { return false }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return false }
        return withUnsafePointer(to: &address) { pointer -> Bool in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) } == port
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin6_port) } == port
            default: false
            }
        }
    }
}

/// The descriptors of `/proc/self/fd` whose link target `matches`.
private func openDescriptors(where matches: (String) -> Bool) throws -> [Int32] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
        guard let descriptor = Int32(name),
              let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
              matches(target)
        else { return nil }
        return descriptor
    }
}
