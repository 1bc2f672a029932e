import Glibc

/// A system call on a file or directory that failed: which call, on which path, with which
/// `errno`. Its description is one line naming all three, the errno as the system words it.
public struct SystemCallError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file or directory the call was made on.
    public var path: String
    /// The call's name (`open`, `fsync`, `rename`, ...).
    public var call: String
    /// The call's `errno`.
    public var errno: Int32

    /// The failure of `call` on `path` with `errno`.
    public init(path: String, call: String, errno: Int32) {
        self.path = path
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(path): \(call) failed: \(String(cString: strerror(errno)))" }
}
