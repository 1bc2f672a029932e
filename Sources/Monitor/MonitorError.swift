import HTTP

/// Why the monitor endpoint could not start.
public enum MonitorError: Error, Equatable, CustomStringConvertible {
    /// `monitor.listen` is not `HOST:PORT`.
    case badListen(String)
    /// `monitor.listen` is not a loopback address and no token is configured.
    case exposedWithoutToken(String)
    /// The configured token is empty.
    case emptyToken
    /// The listening socket could not be opened.
    case couldNotListen(String, HTTPError)
    /// The control socket at the path cannot be served, and why.
    case controlSocket(String, String)

    public var description: String {
        switch self {
        case .badListen(let text): "monitor.listen: expected HOST:PORT, got \"\(text)\""
        case .exposedWithoutToken(let address):
            "monitor.listen: \(address) is not a loopback address; set monitor.tokenEnv or monitor.tokenFile to serve it there"
        case .emptyToken: "monitor.tokenEnv/tokenFile: the token is empty"
        case .couldNotListen(let address, let error): "monitor.listen: cannot listen on \(address): \(error)"
        case .controlSocket(let path, let reason): "control socket \(path): \(reason)"
        }
    }
}
