import HTTP

/// A webhook's address, `http://` or `https://` `host[:port]` and a request target. Its path
/// and query usually hold a secret (Slack's and Discord's webhook paths, Telegram's bot token),
/// so only `redacted` (the scheme and host) is ever logged or printed: its description, debug
/// description and mirror (what `print`, `dump` and a struct holding it show) say nothing more.
public struct WebhookURL: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Whether it is spoken over TLS (`https://`).
    public var secure: Bool
    public var address: HTTPAddress
    /// The path and query, starting with `/`.
    public var target: String

    /// Parses `text`; nil when it is not an `http://` or `https://` URL with a host (user
    /// information, `user@`, is refused: a password in a URL is a secret too).
    public init?(_ text: String) {
        let secure: Bool
        let rest: Substring
        if text.hasPrefix("https://") {
            secure = true
            rest = text.dropFirst(8)
        } else if text.hasPrefix("http://") {
            secure = false
            rest = text.dropFirst(7)
        } else {
            return nil
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        var target = String(rest[authorityEnd...].prefix { $0 != "#" })
        if target.isEmpty || target.hasPrefix("?") { target = "/" + target }
        let defaultPort: UInt16 = secure ? 443 : 80
        let address: HTTPAddress
        if authority.hasPrefix("[") || authority.contains(":") && authority.firstIndex(of: ":") == authority.lastIndex(of: ":") {
            if authority.hasPrefix("["), authority.hasSuffix("]") {
                address = HTTPAddress(host: String(authority.dropFirst().dropLast()), port: defaultPort)
            } else if let parsed = HTTPAddress(parsing: String(authority)) {
                address = parsed
            } else {
                return nil
            }
        } else {
            address = HTTPAddress(host: String(authority), port: defaultPort)
        }
        guard !address.host.isEmpty, address.port != 0 else { return nil }
        self.secure = secure
        self.address = address
        self.target = target
    }

    /// The scheme and host (and a port that is not the scheme's default): what may be logged.
    public var redacted: String {
        let scheme = secure ? "https" : "http"
        let host = address.host.contains(":") ? "[\(address.host)]" : address.host
        return address.port == (secure ? 443 : 80) ? "\(scheme)://\(host)" : "\(scheme)://\(host):\(address.port)"
    }

    /// `redacted`: a URL is never printed whole, not even by string interpolation.
    public var description: String { redacted }

    public var debugDescription: String { redacted }

    public var customMirror: Mirror { Mirror(self, children: ["redacted": redacted]) }
}
