/// A host and TCP port, written `HOST:PORT` (`[v6addr]:PORT` for an IPv6 literal), or a
/// Unix-domain socket's absolute path (`unixSocket(_:)`: the path as the host, port 0).
public struct HTTPAddress: Sendable, Hashable, CustomStringConvertible {
    /// A host name or numeric address.
    public var host: String
    /// The TCP port; 0 asks a server for any free port.
    public var port: UInt16

    /// This host and port.
    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT` or `[v6addr]:PORT`; nil when the port is missing or not 0...65535 or
    /// the host is empty.
    public init?(parsing text: String) {
        guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else { return nil }
        var host = text[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { return nil }
        self.init(host: String(host), port: port)
    }

    /// The Unix-domain socket at `path`, an absolute path (what a server binds, a client
    /// connects to).
    public static func unixSocket(_ path: String) -> HTTPAddress {
        precondition(path.hasPrefix("/"), "a Unix socket's path is absolute")
        return HTTPAddress(host: path, port: 0)
    }

    /// Whether this is a Unix-domain socket's path rather than a host and port.
    public var isUnixSocket: Bool { host.hasPrefix("/") }

    /// `HOST:PORT`, with brackets around an IPv6 literal; `unix:PATH` for a Unix socket.
    public var description: String {
        if isUnixSocket { return "unix:\(host)" }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
