import HTTP

/// The names the monitor answers to in a request's `Host` field: the loopback names
/// (`localhost`, `127.0.0.1`, `[::1]`) and the host `monitor.listen` names unless it is a
/// wildcard (`0.0.0.0`, `::`), each with or without a port; any other is answered 421.
///
/// A browser lets a page read answers from its own site's name only, and sends that name as
/// `Host`: a site whose owner points its name at 127.0.0.1 (DNS rebinding) would otherwise have
/// its page read `/api/status` from the monitor as if the monitor were that site. The name is
/// checked before the bearer token, and requests without a `Host` are refused too.
struct MonitorHostCheck: Sendable {
    private let names: Set<String>

    /// The names of a monitor listening on `host` (as `HTTPAddress` holds it: an IPv6 literal
    /// without brackets).
    init(listening host: String) {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]"]
        let lowered = host.lowercased()
        if lowered != "0.0.0.0", lowered != "::" { names.insert(lowered.contains(":") ? "[\(lowered)]" : lowered) }
        self.names = names
    }

    /// The 421 answer to `request` when its `Host` is not one of the names; nil when it is.
    func refusal(of request: HTTPRequest) -> HTTPResponse? {
        if let host = request.headers["Host"], accepts(host) { return nil }
        let names = self.names.sorted().joined(separator: ", ")
        return HTTPResponse(
            status: 421, contentType: "text/plain; charset=utf-8",
            text: "this monitor answers to Host \(names) only (with or without a port)\n")
    }

    /// Whether `host`, a `Host` field's value, is one of the names, with or without a port.
    func accepts(_ host: String) -> Bool {
        var name = Substring(host.lowercased())
        // A port follows the last colon, unless that colon is inside an IPv6 literal's brackets.
        if let colon = name.lastIndex(of: ":"), !name.hasPrefix("[") || name[..<colon].hasSuffix("]") {
            guard UInt16(name[name.index(after: colon)...]) != nil else { return false }
            name = name[..<colon]
        }
        return names.contains(String(name))
    }
}
