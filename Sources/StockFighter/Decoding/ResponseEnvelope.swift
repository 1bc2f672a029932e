import Wire

/// The part every response shares: the HTTP status, `ok` and `error`. Turns failures into
/// `ExchangeError`s before any command sees the body.
enum ResponseEnvelope {
    /// How many bytes of a non-JSON body an error quotes.
    static let quotedPrefix = 160

    /// Returns if the call succeeded (2xx and `ok` not false); throws the error the status,
    /// `ok` and `error` describe otherwise, or a transport-level error for a non-JSON body.
    static func check(status: Int, body: UnsafeRawBufferPointer) throws(ExchangeError) {
        var reader = JSONReader(body)
        reader.skipWhitespace()
        guard reader.peek() == UInt8(ascii: "{") else { throw nonJSON(status: status, body: body) }
        var ok: Bool?
        var message = ""
        do throws(JSONReadError) {
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals("ok") {
                    ok = try reader.bool()
                } else if key.equals("error"), reader.peek() == UInt8(ascii: "\"") {
                    message = try reader.string()
                } else {
                    try reader.skipValue()
                }
            }
            try reader.expectEnd()
        } catch {
            throw (200..<300).contains(status) ? ExchangeError(error) : nonJSON(status: status, body: body)
        }
        if (200..<300).contains(status), ok != false { return }
        if message.isEmpty { message = "(no message)" }
        switch status {
        case 401, 403: throw .unauthorized(message: message)
        case 404: throw .notFound(message: message)
        case 200..<300, 400, 422: throw .rejected(status: status, message: message)
        default: throw .httpStatus(status, message: message)
        }
    }

    /// The error for a body that is not a JSON object: an error status quoting the body's start,
    /// or `undecodable` under a success status.
    static func nonJSON(status: Int, body: UnsafeRawBufferPointer) -> ExchangeError {
        let quoted = quote(body)
        if (200..<300).contains(status) { return .undecodable("body is not JSON: \(quoted)") }
        return .httpStatus(status, message: "non-JSON body: \(quoted)")
    }

    /// The start of `body` on one line, for error messages.
    static func quote(_ body: UnsafeRawBufferPointer) -> String {
        let prefix = body.prefix(quotedPrefix).map { $0 < 0x20 ? UInt8(ascii: " ") : $0 }
        let text = String(decoding: prefix, as: UTF8.self)
        let suffix = body.count > quotedPrefix ? "…" : ""
        return text.isEmpty ? "(empty body)" : "\"\(text)\(suffix)\""
    }
}
