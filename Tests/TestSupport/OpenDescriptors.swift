import Foundation

/// The descriptors this process has open on `path`, found through `/proc/self/fd`: a lock's own
/// descriptor, for a test that copies it as a child started in that instant would hold it.
public func descriptors(openOn path: String) throws -> [Int32] {
    let wanted = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
        guard let descriptor = Int32(name),
              let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)"),
              target == wanted
        else { return nil }
        return descriptor
    }
}
