import APIClient
import StrategyKit
import Wire

/// One call of the StockFighter API: it knows its request and how to decode its answer.
///
/// The invoker checks the status and the `ok`/`error` envelope before `decode` runs, so `decode`
/// sees only bodies of successful calls.
public protocol ExchangeCommand: Sendable, CustomStringConvertible {
    /// What a successful call yields.
    associatedtype Result: Sendable

    /// The venue whose rate limit the call draws on; nil for calls not aimed at a venue.
    var rateLimitVenue: Venue? { get }
    /// The request's method.
    var method: HTTPMethod { get }
    /// The path below the API base (`/ob/api`), starting with `/`, segments percent-encoded.
    var path: String { get }
    /// The JSON request body, if the call has one.
    var body: [UInt8]? { get }
    /// Whether the call needs the `X-Starfighter-Authorization` header.
    var requiresKey: Bool { get }

    /// Decodes a successful response body; throws `undecodable` saying what was wrong.
    func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> Result
}

extension ExchangeCommand {
    public var body: [UInt8]? { nil }
    public var requiresKey: Bool { false }
    public var description: String { "\(method.rawValue) \(path)" }
}

/// What a decoder may need besides the body.
public struct DecodeContext: Sendable, Hashable {
    /// The local time the response was received.
    public var receivedAt: Timestamp

    /// A context for a response received at `receivedAt`.
    public init(receivedAt: Timestamp) { self.receivedAt = receivedAt }
}

/// Builds API paths from segments, percent-encoding everything but unreserved characters so a
/// symbol or account can never change the path's shape.
enum APIPath {
    static func make(_ segments: String...) -> String {
        segments.map { "/" + PercentEncoding.encode($0) }.joined()
    }
}
