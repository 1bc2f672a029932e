/// A request the exchange refuses: the HTTP status and the sentence for the `error` member of
/// `{"ok":false,"error":...}`. A refusal is a value; it never escapes the Venue part.
struct APIFailure: Error {
    var status: Int
    var message: String

    static func badRequest(_ message: String) -> APIFailure { APIFailure(status: 400, message: message) }
    static func unauthorized(_ message: String) -> APIFailure { APIFailure(status: 401, message: message) }
    static func notFound(_ message: String) -> APIFailure { APIFailure(status: 404, message: message) }
}
