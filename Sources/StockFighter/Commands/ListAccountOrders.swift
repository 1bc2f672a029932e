import APIClient
import StrategyKit
import Wire

/// GET `/venues/:venue/accounts/:account/orders`: every order of an account on a venue, open
/// and closed, decoded on the hot path without `JSONDecoder`.
public struct ListAccountOrders: ExchangeCommand, Hashable {
    public var venue: Venue
    public var account: Account

    /// Lists the orders of `account` on `venue`.
    public init(venue: Venue, account: Account) {
        self.venue = venue
        self.account = account
    }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .get }
    public var path: String { APIPath.make("venues", venue.rawValue, "accounts", account.rawValue, "orders") }
    public var requiresKey: Bool { true }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> [OrderStatus] {
        do throws(JSONReadError) {
            return try APIOrderCodec.decodeList(body, defaults: .init(venue: venue, account: account))
        } catch {
            throw ExchangeError(error)
        }
    }
}
