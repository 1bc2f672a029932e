import FoundationEssentials
import Glibc

extension Error {
    /// What went wrong, for a one-line message: the system's text for the errno a file
    /// operation failed with (`No such file or directory`), else the error as it describes
    /// itself. FoundationEssentials' file errors carry the errno but no readable text.
    public var systemReason: String {
        let posix = (self as? POSIXError) ?? ((self as? CocoaError)?.underlying as? POSIXError)
        guard let posix else { return String(describing: self) }
        return String(cString: strerror(posix.code.rawValue))
    }
}
