import APIClient
import StrategyKit
import Wire

/// DELETE `/venues/:venue/stocks/:stock/orders/:id`: cancels an order and yields its final
/// state (fills kept, `qty` 0, not open). Cancelling a closed order is harmless, so the invoker
/// may retry it.
public struct CancelOrder: ExchangeCommand, Hashable {
    public var venue: Venue
    public var symbol: Symbol
    public var id: OrderID

    /// Cancels order `id` of `symbol` on `venue`.
    public init(venue: Venue, symbol: Symbol, id: OrderID) {
        self.venue = venue
        self.symbol = symbol
        self.id = id
    }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .delete }
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
