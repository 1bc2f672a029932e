/// Decodes HTTP/1.0 and HTTP/1.1 requests from bytes as they arrive, enforcing `HTTPLimits`.
///
/// Call `decode` with the bytes received so far; after `.needMoreBytes`, call it again with the
/// same bytes from the same start plus whatever arrived since, or first `releaseDecoded()` and
/// drop the bytes it gives up. After `.request`, the next request starts `consumed` bytes later.
/// Bodies are framed by `Content-Length` or chunked coding; a chunked body is decoded as it
/// arrives, each byte once.
///
/// Parsing is strict where RFC 9112 lets a server refuse what a lenient peer or proxy might
/// read differently: lines end in CR LF (section 2.2), an HTTP/1.1 request has exactly one
/// `Host` and no request more than one (section 3.2), and an HTTP/1.0 request has no
/// `Transfer-Encoding` (section 6.1).
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

    /// A head already decoded whose body has not fully arrived.
    private struct Pending: Sendable {
        var request: HTTPRequest
        var framing: HTTPSyntax.Framing
        /// Offset from `start` of the next body byte not yet taken in.
        var bodyOffset: Int
        /// The chunked body's decoder, for chunked framing.
        var chunked: HTTPChunkedDecoder?
    }

    /// The limits enforced.
    public let limits: HTTPLimits
    /// Offset from `start` where the search for the end of the head resumes.
    private var resumeOffset = 0
    private var pending: Pending?

    /// Whether the last `decode` returned `.needMoreBytes` for a request whose head is complete and
    /// carries `Expect: 100-continue`: the client waits for a `100 Continue` before sending the body.
    public var awaitingBodyAfterContinue: Bool {
        guard let pending, pending.request.minorVersion >= 1, let expect = pending.request.headers["Expect"] else { return false }
        return HTTPHeaders.namesEqual(expect, "100-continue")
    }

    /// Whether a request has begun that the last `decode` could not finish: its head is decoded,
    /// its body is still arriving.
    var hasPartialRequest: Bool { pending != nil }

    /// A decoder enforcing `limits`.
    public init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Gives up, after `.needMoreBytes`, the bytes from `start` that the decoder no longer needs
    /// (a decoded head, the chunks decoded so far) and returns how many they are: the next call
    /// must start that many bytes later, so that the caller can drop them and hold no more than
    /// the part of the request not yet decoded.
    public mutating func releaseDecoded() -> Int {
        guard let offset = pending?.bodyOffset else { return 0 }
        pending?.bodyOffset = 0
        return offset
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
        if pending != nil { return body(bytes, start: start) }
        var headStart = start
        // RFC 9112 section 2.2: ignore empty lines (CR LF) before the request line.
        while headStart + 1 < bytes.count, headStart - start < 8, bytes[headStart] == HTTPSyntax.cr,
            bytes[headStart + 1] == HTTPSyntax.lf
        {
            headStart += 2
        }
        switch HTTPSyntax.findHeadEnd(bytes, start: headStart, from: start + resumeOffset, limit: limits.maxHeadBytes) {
        case .tooLarge:
            return .invalid(status: 431, reason: "request head larger than \(limits.maxHeadBytes) bytes")
        case let .incomplete(resumeAt):
            resumeOffset = resumeAt - start
            return .needMoreBytes
        case let .found(headEnd):
            guard let lines = HTTPSyntax.lines(bytes, start: headStart, end: headEnd, requireCR: true) else {
                return .invalid(status: 400, reason: "request head line not ended by CRLF")
            }
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
            if let reason = Self.hostProblem(request) { return .invalid(status: 400, reason: reason) }
            switch HTTPSyntax.framing(request.headers, minorVersion: request.minorVersion, default: .length(0)) {
            case let .failure(error):
                return .invalid(status: error.unsupported ? 501 : 400, reason: error.message)
            case let .success(framing):
                if case let .length(length) = framing, length > limits.maxBodyBytes {
                    return .invalid(status: 413, reason: "request body larger than \(limits.maxBodyBytes) bytes")
                }
                // The common case, a body already here in full, needs no pending state.
                if case let .length(length) = framing, bytes.count - headEnd >= length {
                    request.body = Array(UnsafeBufferPointer(rebasing: bytes[headEnd..<headEnd + length]))
                    return .request(request, consumed: headEnd + length - start)
                }
                let chunked = framing == .chunked ? HTTPChunkedDecoder(limit: limits.maxBodyBytes) : nil
                pending = Pending(request: request, framing: framing, bodyOffset: headEnd - start, chunked: chunked)
                return body(bytes, start: start)
            }
        }
    }

    /// Takes in the pending request's body bytes; the request once they are all there.
    private mutating func body(_ bytes: UnsafeBufferPointer<UInt8>, start: Int) -> Result {
        guard let framing = pending?.framing, let bodyOffset = pending?.bodyOffset, var request = pending?.request else {
            preconditionFailure("a body is decoded after its head")
        }
        let bodyStart = start + bodyOffset
        switch framing {
        case let .length(length):
            guard bytes.count - bodyStart >= length else { return .needMoreBytes }
            request.body = Array(UnsafeBufferPointer(rebasing: bytes[bodyStart..<bodyStart + length]))
            return .request(request, consumed: bodyStart + length - start)
        case .chunked:
            // Taken out while it decodes, so that its body has one owner and is not copied.
            guard var chunked = pending?.chunked else { preconditionFailure("chunked framing has a chunked decoder") }
            pending?.chunked = nil
            switch chunked.decode(bytes, from: bodyStart) {
            case .incomplete:
                pending?.bodyOffset = bytes.count - start
                pending?.chunked = chunked
                return .needMoreBytes
            case let .complete(end):
                request.body = chunked.takeBody()
                return .request(request, consumed: end - start)
            case let .invalid(reason): return .invalid(status: 400, reason: reason)
            case .tooLarge(.data):
                return .invalid(status: 413, reason: "request body larger than \(limits.maxBodyBytes) bytes")
            case .tooLarge(.extensions):
                return .invalid(status: 413, reason: "chunk extensions and body larger than \(limits.maxBodyBytes) bytes")
            case .tooLarge(.trailers):
                return .invalid(
                    status: 431,
                    reason: "trailer fields over \(HTTPChunkedDecoder.maxTrailerFields) fields, "
                        + "\(HTTPChunkedDecoder.maxLineBytes) bytes a line or \(limits.maxBodyBytes) bytes with the body")
            }
        case .untilClose:
            preconditionFailure("requests are never framed by the end of the connection")
        }
    }

    /// Why the request's `Host` fields are not acceptable (RFC 9112 section 3.2), or nil.
    private static func hostProblem(_ request: HTTPRequest) -> String? {
        switch request.headers.count(of: "Host") {
        case 0: request.minorVersion >= 1 ? "missing Host header" : nil
        case 1: nil
        default: "more than one Host header"
        }
    }

    private struct LineFailure: Error {
        var result: Result
        static func bad(_ reason: String) -> LineFailure { LineFailure(result: .invalid(status: 400, reason: reason)) }
    }

    /// `METHOD SP target SP HTTP/1.x`, with single spaces.
    private static func parseRequestLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Swift.Result<HTTPRequest, LineFailure> {
        var parts: [Range<Int>] = []
        parts.reserveCapacity(3)
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
