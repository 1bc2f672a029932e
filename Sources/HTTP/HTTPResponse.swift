/// An HTTP/1.x response: what a handler returns, and what a client connection receives.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, e.g. 200.
    public var status: Int
    /// The reason phrase sent after the status code.
    public var reason: String
    /// The header fields; the server adds `Content-Length` and `Connection` itself.
    public var headers: HTTPHeaders
    /// The body bytes.
    public var body: [UInt8]
    /// For a held response: how its stream starts; nil for a whole response.
    public var stream: HTTPStreamStart?
    /// For an accepted WebSocket upgrade (101): how the connection runs; nil otherwise.
    public var webSocket: WebSocketServerStart?

    /// A response; the reason phrase defaults to the standard one for `status`.
    public init(status: Int, reason: String? = nil, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.reason = reason ?? HTTPResponse.standardReason(for: status)
        self.headers = headers
        self.body = body
    }

    /// No response at all: a handler returning it makes the server close the connection without
    /// answering (for tests' fault injection: a request carried out whose answer is lost).
    public static let noAnswer = HTTPResponse(status: 0, reason: "no answer")

    /// A held response: the server writes the head without `Content-Length`, with
    /// `Connection: close` (the body ends when the connection does), then whatever is sent to
    /// the `HTTPStream` that `start.open` is given. No further request is read from the
    /// connection. For Server-Sent Events and the like.
    public static func streaming(status: Int = 200, headers: HTTPHeaders, start: HTTPStreamStart) -> HTTPResponse {
        var response = HTTPResponse(status: status, headers: headers)
        response.stream = start
        return response
    }

    /// A response whose body is `text` in UTF-8 with the given content type.
    public init(status: Int, contentType: String, text: String) {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(text.utf8))
    }

    /// The body decoded as UTF-8 (invalid sequences repaired).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The standard reason phrase of `status`, or `"Unknown"`.
    public static func standardReason(for status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 301: "Moved Permanently"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 421: "Misdirected Request"
        case 426: "Upgrade Required"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Unknown"
        }
    }
}
