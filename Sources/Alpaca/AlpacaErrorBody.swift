import Wire

/// Alpaca's error body, `{"code":40310000,"message":"insufficient buying power"}` (a 401 has
/// only a message), read into the `AlpacaError` its status means.
enum AlpacaErrorBody {
    /// How many bytes of a body that is not Alpaca's error object an error quotes.
    static let quotedPrefix = 160

    /// The error of a response with status `status` (not 2xx) from `endpoint`.
    static func error(status: Int, body: [UInt8], headers: [String: String], endpoint: String) -> AlpacaError {
        let (code, message) = read(body)
        switch status {
        case 401: return .unauthorized(endpoint: endpoint, message: message)
        case 403: return .forbidden(endpoint: endpoint, code: code, message: message)
        case 404: return .notFound(endpoint: endpoint, code: code, message: message)
        case 400, 422: return .unprocessable(endpoint: endpoint, code: code, message: message)
        case 429:
            return .rateLimited(endpoint: endpoint, resetAt: headers["x-ratelimit-reset"].flatMap { Int64($0) }, message: message)
        default: return .server(endpoint: endpoint, status: status, message: message)
        }
    }

    /// The body's code and message; a body that is not the error object is quoted as the message.
    static func read(_ body: [UInt8]) -> (code: Int?, message: String) {
        let parsed = body.withUnsafeBytes { bytes -> (Int?, String)? in
            do throws(JSONReadError) {
                return try JSONReader.document(bytes) { reader throws(JSONReadError) in
                    var code: Int?, message: String?
                    try reader.readObject { reader, key throws(JSONReadError) in
                        if key.equals("code"), reader.peek() != UInt8(ascii: "\"") { code = Int(try reader.int64()) }
                        else if key.equals("message") { message = try reader.optionalString() }
                        else { try reader.skipValue() }
                    }
                    guard let message else { throw .refused("message missing") }
                    return (code, message)
                }
            } catch {
                return nil
            }
        }
        if let parsed { return parsed }
        let prefix = body.prefix(quotedPrefix).map { $0 < 0x20 ? UInt8(ascii: " ") : $0 }
        let text = String(decoding: prefix, as: UTF8.self)
        return (nil, text.isEmpty ? "(empty body)" : "body \"\(text)\(body.count > quotedPrefix ? "…" : "")\"")
    }
}
