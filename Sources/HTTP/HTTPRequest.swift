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
    /// Who sent it, as the server saw the connection; nil on a request a client builds.
    public var peer: HTTPPeer?

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
        guard let mark = queryMark else { return target[...] }
        return target[..<mark]
    }

    /// The target's query after `?`, or nil when there is none.
    public var query: Substring? {
        guard let mark = queryMark else { return nil }
        return target[target.index(after: mark)...]
    }

    /// The path's segments between slashes, empty ones left out: `path.split(separator: "/")`,
    /// found over the bytes when the path is ASCII (each byte then one character, as a target
    /// holds no CR LF), which is many times faster than over characters.
    public var pathSegments: [Substring] {
        let path = self.path
        let bounds = path.utf8.withContiguousStorageIfAvailable { Self.asciiSegments(of: $0) } ?? nil
        guard let bounds else { return path.split(separator: "/") }
        let utf8 = path.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        return bounds.map { path[index($0.lowerBound)..<index($0.upperBound)] }
    }

    /// Where the query's `?` is, or nil: the first `?` character, found over the bytes when the
    /// target is ASCII (elsewhere a `?` byte may begin a longer character, `?` and a combining
    /// mark, which is not the `?` character).
    private var queryMark: String.Index? {
        let isASCII = target.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } ?? false
        guard isASCII else { return target.firstIndex(of: "?") }
        return target.utf8.firstIndex(of: UInt8(ascii: "?"))
    }

    /// The byte ranges of the non-empty runs between `/` in `bytes`, or nil when a byte is not
    /// ASCII.
    private static func asciiSegments(of bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var segments: [Range<Int>] = []
        segments.reserveCapacity(8)
        var start = 0
        for (index, byte) in bytes.enumerated() {
            if byte >= 0x80 { return nil }
            guard byte == UInt8(ascii: "/") else { continue }
            if start < index { segments.append(start..<index) }
            start = index + 1
        }
        if start < bytes.count { segments.append(start..<bytes.count) }
        return segments
    }

    /// Whether the client asks to keep the connection open after the response: HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    public var keepAlive: Bool {
        minorVersion >= 1 ? !headers.connectionHas("close") : headers.connectionHas("keep-alive")
    }
}
