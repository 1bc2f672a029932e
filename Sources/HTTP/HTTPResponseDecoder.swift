/// Decodes HTTP/1.0 and HTTP/1.1 responses from bytes as they arrive, enforcing `HTTPLimits`.
///
/// Call `decode` with the bytes received so far; after `.needMoreBytes`, call it again with the
/// same bytes from the same start plus whatever arrived since (or first `releaseDecoded()` and
/// drop the bytes it gives up), and with `endOfStream` once the peer has closed. Bodies are
/// framed by `Content-Length`, chunked coding (decoded as it arrives, each byte once, under the
/// same rules as a request's), or the end of the connection; interim 1xx responses are skipped.
public struct HTTPResponseDecoder: Sendable {
    /// The outcome of one `decode` call.
    public enum Result: Sendable, Equatable {
        /// The bytes hold no complete response yet.
        case needMoreBytes
        /// A complete response that took `consumed` bytes from the start; `keepAlive` says
        /// whether the connection may carry another request.
        case response(HTTPResponse, consumed: Int, keepAlive: Bool)
        /// The bytes are not a valid response (what is wrong).
        case invalid(String)
        /// The head or body exceeds `limits` (the limit passed, in bytes).
        case tooLarge(limit: Int)
    }

    /// A head already decoded whose body has not fully arrived.
    private struct Pending: Sendable {
        var response: HTTPResponse
        var framing: HTTPSyntax.Framing
        var keepAlive: Bool
        /// Offset from `start` of the next body byte not yet taken in.
        var bodyOffset: Int
        /// The chunked body's decoder, for chunked framing.
        var chunked: HTTPChunkedDecoder?
    }

    /// The limits enforced.
    public let limits: HTTPLimits
    /// Offset from `start` where the search for the end of the head resumes.
    private var resumeOffset = 0
    /// Offset from `start` where the head begins, past any interim responses.
    private var headOffset = 0
    private var pending: Pending?

    /// A decoder enforcing `limits`: by default 64 KiB of head and 16 MiB of body.
    public init(limits: HTTPLimits = HTTPLimits(maxHeadBytes: 64 * 1024, maxBodyBytes: 16 * 1024 * 1024)) {
        self.limits = limits
    }

    /// Gives up, after `.needMoreBytes`, the bytes from `start` that the decoder no longer needs
    /// (interim responses, a decoded head, the chunks decoded so far) and returns how many they
    /// are: the next call must start that many bytes later.
    public mutating func releaseDecoded() -> Int {
        if let offset = pending?.bodyOffset {
            pending?.bodyOffset = 0
            return offset
        }
        let offset = headOffset
        resumeOffset -= offset
        headOffset = 0
        return offset
    }

    /// Decodes the response, to a request of method `requestMethod`, starting at `start`.
    public mutating func decode(_ bytes: [UInt8], from start: Int = 0, requestMethod: String, endOfStream: Bool) -> Result {
        let result = bytes.withUnsafeBufferPointer { decode($0, from: start, requestMethod, endOfStream) }
        if case .needMoreBytes = result { return result }
        resumeOffset = 0
        headOffset = 0
        pending = nil
        return result
    }

    private mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ method: String, _ endOfStream: Bool) -> Result {
        if pending != nil { return body(bytes, start, endOfStream) }
        while true {
            let headStart = start + headOffset
            switch HTTPSyntax.findHeadEnd(bytes, start: headStart, from: start + resumeOffset, limit: limits.maxHeadBytes) {
            case .tooLarge:
                return .tooLarge(limit: limits.maxHeadBytes)
            case let .incomplete(resumeAt):
                resumeOffset = resumeAt - start
                return endOfStream && bytes.count > start ? .invalid("connection closed inside the response head") : .needMoreBytes
            case let .found(headEnd):
                let lines = HTTPSyntax.lines(bytes, start: headStart, end: headEnd) ?? []
                guard let statusLine = lines.first, let (minor, status, reason) = Self.parseStatusLine(bytes, statusLine) else {
                    return .invalid("malformed status line")
                }
                let headers: HTTPHeaders
                switch HTTPSyntax.parseFields(bytes, lines: lines.dropFirst()) {
                case let .success(fields): headers = fields
                case let .failure(error): return .invalid(error.message)
                }
                if status < 200 && status != 101 {
                    headOffset = headEnd - start
                    resumeOffset = headOffset
                    continue
                }
                let response = HTTPResponse(status: status, reason: reason, headers: headers)
                let keepAlive = minor >= 1 ? !headers.connectionHas("close") : headers.connectionHas("keep-alive")
                let noBody = method == "HEAD" || status == 204 || status == 304 || status == 101
                if noBody { return .response(response, consumed: headEnd - start, keepAlive: keepAlive) }
                switch HTTPSyntax.framing(headers, minorVersion: minor, default: .untilClose) {
                case let .failure(error): return .invalid(error.message)
                case let .success(framing):
                    if case let .length(length) = framing {
                        guard length <= limits.maxBodyBytes else { return .tooLarge(limit: limits.maxBodyBytes) }
                        // The common case, a body already here in full, needs no pending state.
                        if bytes.count - headEnd >= length {
                            var response = response
                            response.body = Array(UnsafeBufferPointer(rebasing: bytes[headEnd..<headEnd + length]))
                            return .response(response, consumed: headEnd + length - start, keepAlive: keepAlive)
                        }
                    }
                    let chunked = framing == .chunked ? HTTPChunkedDecoder(limit: limits.maxBodyBytes) : nil
                    pending = Pending(response: response, framing: framing, keepAlive: keepAlive, bodyOffset: headEnd - start, chunked: chunked)
                    return body(bytes, start, endOfStream)
                }
            }
        }
    }

    /// Takes in the pending response's body bytes; the response once they are all there.
    private mutating func body(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ endOfStream: Bool) -> Result {
        guard let framing = pending?.framing, let bodyOffset = pending?.bodyOffset, let keepAlive = pending?.keepAlive,
            var response = pending?.response
        else { preconditionFailure("a body is decoded after its head") }
        let bodyStart = start + bodyOffset
        switch framing {
        case let .length(length):
            guard bytes.count - bodyStart >= length else {
                return endOfStream ? .invalid("connection closed inside the response body") : .needMoreBytes
            }
            response.body = Array(UnsafeBufferPointer(rebasing: bytes[bodyStart..<bodyStart + length]))
            return .response(response, consumed: bodyStart + length - start, keepAlive: keepAlive)
        case .chunked:
            // Taken out while it decodes, so that its body has one owner and is not copied.
            guard var chunked = pending?.chunked else { preconditionFailure("chunked framing has a chunked decoder") }
            pending?.chunked = nil
            switch chunked.decode(bytes, from: bodyStart) {
            case .incomplete:
                if endOfStream { return .invalid("connection closed inside a chunked body") }
                pending?.bodyOffset = bytes.count - start
                pending?.chunked = chunked
                return .needMoreBytes
            case let .complete(end):
                response.body = chunked.takeBody()
                return .response(response, consumed: end - start, keepAlive: keepAlive)
            case let .invalid(reason): return .invalid(reason)
            case .tooLarge: return .tooLarge(limit: limits.maxBodyBytes)
            }
        case .untilClose:
            guard bytes.count - bodyStart <= limits.maxBodyBytes else { return .tooLarge(limit: limits.maxBodyBytes) }
            guard endOfStream else { return .needMoreBytes }
            response.body = Array(UnsafeBufferPointer(rebasing: bytes[bodyStart...]))
            return .response(response, consumed: bytes.count - start, keepAlive: false)
        }
    }

    /// `HTTP/1.x SP 3DIGIT [SP reason]`: the minor version, status and reason.
    private static func parseStatusLine(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> (Int, Int, String)? {
        let prefix = Array("HTTP/1.".utf8)
        guard line.count >= 12 else { return nil }
        for (offset, byte) in prefix.enumerated() where bytes[line.lowerBound + offset] != byte { return nil }
        let minorByte = bytes[line.lowerBound + 7]
        guard minorByte >= 48, minorByte <= 57, bytes[line.lowerBound + 8] == HTTPSyntax.space else { return nil }
        var status = 0
        for index in line.lowerBound + 9..<line.lowerBound + 12 {
            let byte = bytes[index]
            guard byte >= 48, byte <= 57 else { return nil }
            status = status * 10 + Int(byte - 48)
        }
        guard status >= 100 else { return nil }
        let reasonStart = line.lowerBound + 12
        if reasonStart == line.upperBound { return (Int(minorByte - 48), status, "") }
        guard bytes[reasonStart] == HTTPSyntax.space else { return nil }
        return (Int(minorByte - 48), status, HTTPSyntax.string(bytes, reasonStart + 1..<line.upperBound))
    }
}
