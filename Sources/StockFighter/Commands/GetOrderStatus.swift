import APIClient
import StrategyKit
import Wire

/// GET `/venues/:venue/stocks/:stock/orders/:id`: one order's state and fills. Needs the key
/// that owns the order's account.
public struct GetOrderStatus: ExchangeCommand, Hashable {
    public var venue: Venue
    public var symbol: Symbol
    public var id: OrderID

    /// Looks up order `id` of `symbol` on `venue`.
    public init(venue: Venue, symbol: Symbol, id: OrderID) {
        self.venue = venue
        self.symbol = symbol
        self.id = id
    }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .get }
    public var path: String { APIPath.make("venues", venue.rawValue, "stocks", symbol.rawValue, "orders", id.description) }
    public var requiresKey: Bool { true }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> OrderStatus {
        do throws(JSONReadError) {
            return try APIOrderCodec.decodeDocument(body, defaults: .init(venue: venue, symbol: symbol))
        } catch {
            throw ExchangeError(error)
        }
    }
}
