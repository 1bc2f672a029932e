/// A request the simulated Alpaca API refuses: the HTTP status and Alpaca's body
/// `{"code":N,"message":"..."}`. A refusal is a value; it never escapes the Venue part.
struct AlpacaFailure: Error {
    var status: Int
    var code: Int
    var message: String

    /// 400: a malformed query (market data).
    static func badRequest(_ message: String) -> AlpacaFailure { AlpacaFailure(status: 400, code: 40010000, message: message) }
    /// 401: no or unknown keys.
    static func unauthorized(_ message: String) -> AlpacaFailure { AlpacaFailure(status: 401, code: 40110000, message: message) }
    /// 403: not enough buying power or shares for the order.
    static func forbidden(_ message: String) -> AlpacaFailure { AlpacaFailure(status: 403, code: 40310000, message: message) }
    /// 404: no such order, asset, position or endpoint.
    static func notFound(_ message: String) -> AlpacaFailure { AlpacaFailure(status: 404, code: 40410000, message: message) }
    /// 422: a request that fails validation (a bad field, a duplicate `client_order_id`).
    static func invalid(_ message: String) -> AlpacaFailure { AlpacaFailure(status: 422, code: 40010001, message: message) }
    /// 422: a valid request the state refuses (an order not cancelable, the market closed).
    static func unprocessable(_ message: String) -> AlpacaFailure { AlpacaFailure(status: 422, code: 42210000, message: message) }
    /// 429: over the account's requests per minute.
    static let rateLimited = AlpacaFailure(status: 429, code: 42910000, message: "rate limit exceeded")
}
