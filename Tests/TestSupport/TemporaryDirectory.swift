import Foundation

/// A new empty directory under the system's temporary directory, removed with all it holds by
/// `remove()`, or when this value goes away if nothing removed it before. A test writes
/// `defer { directory.remove() }`, which also keeps the value alive to the end of the scope
/// (Swift may end a local's lifetime at its last use).
public final class TemporaryDirectory: Sendable {
    /// The directory's absolute path, without a trailing slash.
    public let path: String

    /// Creates `<tmp>/<prefix>-<UUID>`.
    public init(_ prefix: String = "tickwork-test") throws {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The path of `name` inside the directory.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Removes the directory and all it holds now, before this value goes away.
    public func remove() {
        // Nothing to report: a test's leftovers in /tmp do not change its outcome.
        try? FileManager.default.removeItem(atPath: path)
    }

    deinit { remove() }
}
