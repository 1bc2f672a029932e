/// A command-line failure with its exit status.
public enum CLIError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The command line is wrong: exit 64 with the usage on stderr.
    case usage(String)
    /// The command ran and failed: exit 1 with this one line on stderr.
    case failure(String)

    public var description: String {
        switch self {
        case .usage(let message), .failure(let message): return message
        }
    }
}
