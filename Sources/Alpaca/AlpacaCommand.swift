import APIClient
import FoundationEssentials
import Wire

/// Which of Alpaca's two APIs a call goes to; each has its own base URL.
public enum AlpacaAPI: String, Sendable, Hashable {
    /// Trading: account, orders, positions, activities (`https://paper-api.alpaca.markets`).
    case trading
    /// Market data: quotes, trades, bars, snapshots, news (`https://data.alpaca.markets`).
    case marketData
}

/// One call of Alpaca's API: it knows its request and how to decode its answer.
///
/// The invoker turns error statuses into `AlpacaError`s before `decode` runs, so `decode` sees
/// only bodies of successful calls.
public protocol AlpacaCommand: Sendable, CustomStringConvertible {
    /// What a successful call yields.
    associatedtype Result: Sendable

    /// The API the call goes to.
    var api: AlpacaAPI { get }
    /// The request's method.
    var method: HTTPMethod { get }
    /// The path below the API's base URL with its query, e.g. `/v2/orders?status=open`.
    var path: String { get }
    /// The JSON request body, if the call has one.
    var body: [UInt8]? { get }
    /// Whether the call creates an order: it is never resent blindly once it may have reached
    /// the API (its `client_order_id` settles it instead).
    var isPlacement: Bool { get }

    /// Decodes a successful response body; throws saying which field was wrong.
    func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> Result
}

extension AlpacaCommand {
    public var body: [UInt8]? { nil }
    public var isPlacement: Bool { false }
    public var description: String { "\(method.rawValue) \(path)" }
}

/// Builds queries, percent-encoding every value (as path segments are, with `PercentEncoding`)
/// so that a symbol or an id can never change the request's shape.
enum AlpacaPath {
    /// `path` followed by the query of the items whose value is not nil, in the order given.
    static func make(_ path: String, _ items: [(String, String?)] = []) -> String {
        let query = items.compactMap { name, value in value.map { "\(name)=\(PercentEncoding.encode($0))" } }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }
}
