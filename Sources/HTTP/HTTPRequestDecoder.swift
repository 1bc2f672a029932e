/// Decodes HTTP/1.0 and HTTP/1.1 requests from bytes as they arrive, enforcing `HTTPLimits`.
///
/// Call `decode` with the bytes received so far; after `.needMoreBytes`, call it again with the
/// same bytes from the same start plus whatever arrived since. After `.request`, the next request
/// starts `consumed` bytes later. Bodies are framed by `Content-Length` or chunked coding.
public struct HTTPRequestDecoder: Sendable {
    /// The outcome of one `decode` call.
    public enum Result: Sendable, Equatable {
        /// The bytes hold no complete request yet.
        case needMoreBytes
        /// A complete request, which took `consumed` bytes from the start.
        case request(HTTPRequest, consumed: Int)
        /// The bytes cannot be a valid request: answer with `status` (400, 413, 431, 501 or 505)
        /// and close the connection. `reason` says what is wrong.
        case invalid(status: Int, reason: String)
    }

    /// The limits enforced.
    public let limits: HTTPLimits
    /// Offset from `start` where the search for the end of the head resumes.
    private var resumeOffset = 0
    /// A head already decoded whose body has not fully arrived.
    private var pending: (request: HTTPRequest, bodyOffset: Int, framing: HTTPSyntax.Framing)?

    /// Whether the last `decode` returned `.needMoreBytes` for a request whose head is complete and
    /// carries `Expect: 100-continue`: the client waits for a `100 Continue` before sending the body.
    public var awaitingBodyAfterContinue: Bool {
        guard let pending, pending.request.minorVersion >= 1, let expect = pending.request.headers["Expect"] else { return false }
        return HTTPHeaders.namesEqual(expect, "100-continue")
    }

    /// A decoder enforcing `limits`.
    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Decodes the request that starts at `start` in `bytes`.
    public mutating func decode(_ bytes: [UInt8], from start: Int = 0) -> Result {
        let result = bytes.withUnsafeBufferPointer { decode($0, from: start) }
        if case .needMoreBytes = result { return result }
        resumeOffset = 0
        pending = nil
        return result
    }

    private mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result {
        if let pending {
            return body(bytes, start: start, request: pending.request, bodyStart: start + pending.bodyOffset, framing: pending.framing)
        }
        var headStart = start
        // RFC 9112 section 2.2: ignore empty lines before the request line.
        while headStart < bytes.count, headStart - start < 8,
            bytes[headStart] == HTTPSyntax.cr || bytes[headStart] == HTTPSyntax.lf
        {
            headStart += 1
        }
        switch HTTPSyntax.findHeadEnd(bytes, start: headStart, from: start + resumeOffset, limit: limits.maxHeadBytes) {
        case .tooLarge:
            return .invalid(status: 431, reason: "request head larger than \(limits.maxHeadBytes) bytes")
        case let .incomplete(resumeAt):
            resumeOffset = resumeAt - start
            return .needMoreBytes
        case let .found(headEnd):
            let lines = HTTPSyntax.lines(bytes, start: headStart, end: headEnd)
            guard let requestLine = lines.first else { return .invalid(status: 400, reason: "empty request") }
            var request: HTTPRequest
            switch Self.parseRequestLine(bytes, requestLine) {
            case let .success(parsed): request = parsed
            case let .failure(failure): return failure.result
            }
            switch HTTPSyntax.parseFields(bytes, lines: lines.dropFirst()) {
            case let .success(headers): request.headers = headers
            case let .failure(error): return .invalid(status: 400, reason: error.message)
            }
            switch HTTPSyntax.framing(request.headers, default: .length(0)) {
            case let .failure(error):
                return .invalid(status: error.unsupported ? 501 : 400, reason: error.message)
            case let .success(framing):
                if case let .length(length) = framing, length > limits.maxBodyBytes {
                    return .invalid(status: 413, reason: "request body larger than \(limits.maxBodyBytes) bytes")
                }
                return body(bytes, start: start, request: request, bodyStart: headEnd, framing: framing)
            }
        }
    }

    private mutating func body(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, request: HTTPRequest, bodyStart: Int,
        framing: HTTPSyntax.Framing
    ) -> Result {
        var request = request
        switch framing {
        case let .length(length):
            guard bytes.count - bodyStart >= length else {
                pending = (request, bodyStart - start, framing)
                return .needMoreBytes
            }
            request.body = Array(UnsafeBufferPointer(rebasing: bytes[bodyStart..<bodyStart + length]))
            return .request(request, consumed: bodyStart + length - start)
        case .chunked:
            switch HTTPChunkedBody.decode(bytes, from: bodyStart, limit: limits.maxBodyBytes) {
            case .incomplete:
                pending = (request, bodyStart - start, framing)
                return .needMoreBytes
            case let .complete(body, end):
                request.body = body
                return .request(request, consumed: end - start)
            case let .invalid(reason): return .invalid(status: 400, reason: reason)
            case .tooLarge: return .invalid(status: 413, reason: "request body larger than \(limits.maxBodyBytes) bytes")
            }
        case .untilClose:
            preconditionFailure("requests are never framed by the end of the connection")
        }
    }

    private struct LineFailure: Error {
        var result: Result
        static func bad(_ reason: String) -> LineFailure { LineFailure(result: .invalid(status: 400, reason: reason)) }
    }

    /// `METHOD SP target SP HTTP/1.x`, with single spaces.
    private static func parseRequestLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Swift.Result<HTTPRequest, LineFailure> {
        var parts: [Range<Int>] = []
        var partStart = line.lowerBound
        for index in line where bytes[index] == HTTPSyntax.space {
            parts.append(partStart..<index)
            partStart = index + 1
        }
        parts.append(partStart..<line.upperBound)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty }) else {
            return .failure(.bad("malformed request line"))
        }
        guard parts[0].allSatisfy({ HTTPSyntax.isTokenByte(bytes[$0]) }) else { return .failure(.bad("invalid method")) }
        guard parts[1].allSatisfy({ bytes[$0] > HTTPSyntax.space && bytes[$0] != 0x7F }) else {
            return .failure(.bad("invalid request target"))
        }
        let version = HTTPSyntax.string(bytes, parts[2])
        let minorVersion: Int
        switch version {
        case "HTTP/1.1": minorVersion = 1
        case "HTTP/1.0": minorVersion = 0
        default:
            let utf8 = Array(version.utf8)
            if utf8.count == 8, version.hasPrefix("HTTP/"), utf8[6] == UInt8(ascii: "."),
                utf8[5] >= 48, utf8[5] <= 57, utf8[7] >= 48, utf8[7] <= 57
            {
                return .failure(LineFailure(result: .invalid(status: 505, reason: "HTTP version \(version) not supported")))
            }
            return .failure(.bad("invalid HTTP version"))
        }
        guard let target = originForm(HTTPSyntax.string(bytes, parts[1])) else {
            return .failure(.bad("invalid request target"))
        }
        return .success(HTTPRequest(method: HTTPSyntax.string(bytes, parts[0]), target: target, minorVersion: minorVersion))
    }

    /// The target as a path and query: origin form as is, absolute form stripped of scheme and
    /// authority, `*` kept (for OPTIONS).
    private static func originForm(_ target: String) -> String? {
        if target.hasPrefix("/") || target == "*" { return target }
        for scheme in ["http://", "https://"] where target.lowercased().hasPrefix(scheme) {
            let rest = target.dropFirst(scheme.count)
            guard let slash = rest.firstIndex(of: "/") else { return "/" }
            return String(rest[slash...])
        }
        return nil
    }
}
