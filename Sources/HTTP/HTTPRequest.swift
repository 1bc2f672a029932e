/// An HTTP/1.x request: what the server hands to its handler, and what a client connection sends.
public struct HTTPRequest: Sendable, Equatable {
    /// The method token, e.g. `GET`, exactly as sent (methods are case-sensitive).
    public var method: String
    /// The request target in origin form: the path and, after `?`, the query.
    public var target: String
    /// The minor version of HTTP/1.x: 1 for HTTP/1.1, 0 for HTTP/1.0.
    public var minorVersion: Int
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body bytes (empty when there is none).
    public var body: [UInt8]

    /// A request; `Content-Length`, `Host` and `Connection` are added by the client connection
    /// when absent.
    public init(
        method: String, target: String, minorVersion: Int = 1, headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = []
    ) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
        self.body = body
    }

    /// The target's path, without the query.
    public var path: Substring {
        guard let mark = target.firstIndex(of: "?") else { return target[...] }
        return target[..<mark]
    }

    /// The target's query after `?`, or nil when there is none.
    public var query: Substring? {
        guard let mark = target.firstIndex(of: "?") else { return nil }
        return target[target.index(after: mark)...]
    }

    /// Whether the client asks to keep the connection open after the response: HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        minorVersion >= 1 ? !headers.connectionHas("close") : headers.connectionHas("keep-alive")
    }
}
