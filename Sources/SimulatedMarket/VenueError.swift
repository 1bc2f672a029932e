import HTTP

/// Why the simulated exchange could not be configured or started.
public enum VenueError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A venue or symbol name is not 1 to 16 upper-case letters or digits (the name, what it is).
    case invalidName(String, kind: String)
    /// The accounts file could not be read (path, the system's reason).
    case unreadableAccounts(path: String, reason: String)
    /// The accounts file is not a JSON object of account name to non-empty API key (path, what is
    /// wrong).
    case invalidAccounts(path: String, reason: String)
    /// The HTTP server could not start (its error).
    case server(HTTPError)

    public var description: String {
        switch self {
        case let .invalidName(name, kind): "invalid \(kind) name \"\(name)\": expected 1 to 16 upper-case letters or digits"
        case let .unreadableAccounts(path, reason): "\(path): cannot read accounts file: \(reason)"
        case let .invalidAccounts(path, reason): "\(path): \(reason)"
        case let .server(error): error.description
        }
    }
}
