import APIClient
import StrategyKit
import Wire

/// POST `/venues/:venue/stocks/:stock/orders`: places an order; yields the order as the
/// exchange recorded it (with any immediate fills).
///
/// Never resent: if the answer is lost the invoker reports `outcomeUnknown` instead.
public struct PlaceOrder: ExchangeCommand, Hashable, CustomStringConvertible {
    public var venue: Venue
    public var account: Account
    public var symbol: Symbol
    public var side: Side
    public var type: OrderType
    /// The limit price; the exchange ignores it for market orders. The API's tick is a cent: the
    /// body carries `wirePrice`.
    public var price: Price
    /// Shares to trade; the exchange rejects a non-positive quantity.
    public var qty: Quantity

    /// An order for `qty` shares of `symbol` on `venue` for `account`.
    public init(
        venue: Venue, account: Account, symbol: Symbol, side: Side, type: OrderType = .limit,
        price: Price, qty: Quantity
    ) {
        self.venue = venue
        self.account = account
        self.symbol = symbol
        self.side = side
        self.type = type
        self.price = price
        self.qty = qty
    }

    /// The order a strategy asked for, on `venue` for `account` (its tag stays local).
    public init(venue: Venue, account: Account, request: OrderRequest) {
        self.init(
            venue: venue, account: account, symbol: request.symbol, side: request.side, type: request.type,
            price: request.price, qty: request.qty)
    }

    public var rateLimitVenue: Venue? { venue }
    public var method: HTTPMethod { .post }
    public var path: String { APIPath.make("venues", venue.rawValue, "stocks", symbol.rawValue, "orders") }
    public var requiresKey: Bool { true }

    public var body: [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(160)
        bytes.append(contentsOf: Array(#"{"account":"#.utf8))
        bytes.appendJSONString(account.rawValue)
        bytes.append(contentsOf: Array(#","venue":"#.utf8))
        bytes.appendJSONString(venue.rawValue)
        bytes.append(contentsOf: Array(#","stock":"#.utf8))
        bytes.appendJSONString(symbol.rawValue)
        bytes.append(contentsOf: Array(#","price":\#(wirePrice),"qty":\#(qty.shares),"direction":"#.utf8))
        bytes.appendJSONString(side.rawValue)
        bytes.append(contentsOf: Array(#","orderType":"#.utf8))
        bytes.appendJSONString(type.rawValue)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    public func decode(_ body: UnsafeRawBufferPointer, context: DecodeContext) throws(ExchangeError) -> OrderStatus {
        do throws(JSONReadError) {
            return try APIOrderCodec.decodeDocument(body, defaults: .init(venue: venue, symbol: symbol, account: account))
        } catch {
            throw ExchangeError(error)
        }
    }

    /// `price` in the API's integer cents: exact for a whole-cent price; a sub-penny one goes
    /// out on the cent tick away from the market (a buy rounds down, a sell up), never at a
    /// worse price than asked. `StockFighterBroker` refuses a sub-penny limit before this, so
    /// that what the engine tracks is what the exchange gets.
    public var wirePrice: Int64 { price.cents(rounded: side == .buy ? .down : .up) }

    public var description: String {
        "POST \(path) \(side.rawValue) \(qty) \(symbol) \(type.rawValue) @ \(price) for \(account)"
    }
}
