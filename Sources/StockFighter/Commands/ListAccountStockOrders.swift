import APIClient
import StrategyKit
import Wire

/// GET `/venues/:venue/accounts/:account/stocks/:stock/orders`: the orders of an account in one
/// stock, decoded on the hot path without `JSONDecoder`.
public struct ListAccountStockOrders: ExchangeCommand, Hashable {
    public var venue: Venue
    public var account: Account
    public var symbol: Symbol

    /// Lists the orders of `account` in `symbol` on `venue`.
    public init(venue: Venue, account: Account, symbol: Symbol) {
        self.venue = venue
        self.account = account
        self.symbol = symbol
    }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .get }
    public var path: String {
        APIPath.make("venues", venue.rawValue, "accounts", account.rawValue, "stocks", symbol.rawValue, "orders")
    }
    public var requiresKey: Bool { true }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> [OrderStatus] {
        do throws(JSONReadError) {
            return try APIOrderCodec.decodeList(body, defaults: .init(venue: venue, symbol: symbol, account: account))
        } catch {
            throw ExchangeError(error)
        }
    }
}
