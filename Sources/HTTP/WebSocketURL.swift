/// A WebSocket URL, `ws://HOST[:PORT]/PATH` or `wss://HOST[:PORT]/PATH` (TLS), parsed in this
/// one place: the address to connect to, whether over TLS, and the request target.
public struct WebSocketURL: Sendable, Hashable, CustomStringConvertible {
    /// The host and port (80 for ws, 443 for wss when the URL names none).
    public var address: HTTPAddress
    /// Whether the connection speaks TLS (`wss`).
    public var secure: Bool
    /// The request target: the path and any query, `/` at least.
    public var target: String

    public init(address: HTTPAddress, secure: Bool, target: String) {
        precondition(target.hasPrefix("/"), "a WebSocket target starts with /")
        self.address = address
        self.secure = secure
        self.target = target
    }

    /// Parses `ws://` or `wss://` URLs; nil for another scheme, an empty host, a bad port, or a
    /// fragment (which a WebSocket URL may not have).
    public init?(parsing text: String) {
        let secure: Bool
        let rest: Substring
        if text.lowercased().hasPrefix("wss://") {
            secure = true
            rest = text.dropFirst(6)
        } else if text.lowercased().hasPrefix("ws://") {
            secure = false
            rest = text.dropFirst(5)
        } else {
            return nil
        }
        guard !rest.contains("#") else { return nil }
        let slash = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let authority = rest[..<slash]
        var target = String(rest[slash...])
        if target.isEmpty || target.hasPrefix("?") { target = "/" + target }
        let defaultPort: UInt16 = secure ? 443 : 80
        let address: HTTPAddress
        if authority.hasPrefix("[") || authority.filter({ $0 == ":" }).count == 1 {
            if let parsed = HTTPAddress(parsing: String(authority)) {
                address = parsed
            } else if authority.hasPrefix("["), authority.hasSuffix("]") {
                address = HTTPAddress(host: String(authority.dropFirst().dropLast()), port: defaultPort)
            } else {
                return nil
            }
        } else {
            address = HTTPAddress(host: String(authority), port: defaultPort)
        }
        guard !address.host.isEmpty, !address.host.contains("@") else { return nil }
        self.init(address: address, secure: secure, target: target)
    }

    /// The `Host` field's value: the host, with the port unless it is the scheme's default.
    public var hostField: String {
        address.port == (secure ? 443 : 80) ? (address.host.contains(":") ? "[\(address.host)]" : address.host) : address.description
    }

    public var description: String { (secure ? "wss://" : "ws://") + hostField + target }
}
