import Foundation

/// The descriptors this process has open on `path`, found through `/proc/self/fd`: a lock's own
/// descriptor, for a test that copies it as a child started in that instant would hold it.
public func descriptors(openOn path: String) throws -> [Int32] {
    let wanted = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return try openDescriptors(where: { $0 == wanted })
}

/// The descriptors this process has listening on TCP `port` (IPv4 or IPv6), found by matching
/// the listening sockets of `/proc/net/tcp` and `/proc/net/tcp6` with `/proc/self/fd`: a server's
/// listener, for a test that copies it as a child started in that instant would hold it.
public func descriptors(listeningOn port: UInt16) throws -> [Int32] {
    let listening = "0A"
    var sockets: Set<String> = []
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        guard let text = try? String(contentsOfFile: table, encoding: .utf8) else { continue }
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ")
            guard fields.count > 9, fields[3] == listening,
                  let local = fields[1].split(separator: ":").last, UInt16(local, radix: 16) == port
            else { continue }
            sockets.insert("socket:[\(fields[9])]")
        }
    }
    return try openDescriptors(where: { sockets.contains($0) })
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
