import StrategyKit
import Wire

/// The body of a place-order request: parsed and checked against the URL by `init`, its order
/// fields validated by `order()` (after the caller has checked the account's key).
struct OrderForm {
    /// A valid order's fields.
    struct Order {
        var account: Account
        var side: Side
        var type: OrderType
        var price: Price
        var qty: Quantity
    }

    private let fields: OrderFormBody
    /// The largest quantity and price accepted: far beyond any real order, and low enough that
    /// the book's sums of quantities cannot overflow.
    static let maxQuantity: Int64 = Quantity.maxAccepted.shares
    static let maxPrice: Int64 = APINumbers.prices.upperBound

    /// The account named in the body, if any.
    var account: Account? { fields.account.flatMap { $0.isEmpty ? nil : Account($0) } }

    /// Parses `body` (JSON) posted to `venue`/`symbol`; throws 400 for a missing or invalid body,
    /// or a venue or stock (`stock` or its synonym `symbol`) differing from the URL's.
    init(body: [UInt8], venue: Venue, symbol: Symbol) throws(APIFailure) {
        guard !body.isEmpty else { throw .badRequest("The request needs a JSON body describing the order.") }
        fields = try OrderFormBody.parse(body)
        if let bodyVenue = fields.venue, bodyVenue != venue.rawValue {
            throw .badRequest("The venue in the body (\(bodyVenue)) does not match the venue in the URL (\(venue.rawValue)).")
        }
        for bodySymbol in [fields.stock, fields.symbol].compactMap({ $0 }) where bodySymbol != symbol.rawValue {
            throw .badRequest("The stock in the body (\(bodySymbol)) does not match the stock in the URL (\(symbol.rawValue)).")
        }
    }

    /// The order, or 400 naming the first problem: no account, an unknown direction or type
    /// (`orderType`, or `type` as older clients send it), a quantity not in 1...`maxQuantity`, a
    /// missing price or one not in 0...`maxPrice` on a priced order. A market order's price is
    /// ignored.
    func order() throws(APIFailure) -> Order {
        guard let account else { throw .badRequest("The order needs an account.") }
        guard let direction = fields.direction, let side = Side(rawValue: direction) else {
            throw .badRequest("direction must be \"buy\" or \"sell\", got \(quoted(fields.direction)).")
        }
        let typeName = fields.orderType ?? fields.type
        guard let typeName, let type = OrderType(apiName: typeName) else {
            throw .badRequest("orderType must be limit, market, fill-or-kill or immediate-or-cancel, got \(quoted(typeName)).")
        }
        guard let qty = fields.qty?.integer, qty > 0, qty <= Self.maxQuantity else {
            throw .badRequest("qty must be a whole number from 1 to \(Self.maxQuantity), got \(fields.qty?.text ?? "nothing").")
        }
        var price: Int64 = 0
        if type.isPriced {
            guard let given = fields.price else { throw .badRequest("A \(type.rawValue) order needs a price in cents.") }
            guard let cents = given.integer, cents >= 0, cents <= Self.maxPrice else {
                throw .badRequest("price must be a whole number of cents from 0 to \(Self.maxPrice), got \(given.text).")
            }
            price = cents
        }
        return Order(account: account, side: side, type: type, price: Price(cents: price), qty: Quantity(shares: qty))
    }

    private func quoted(_ text: String?) -> String {
        text.map { "\"\($0)\"" } ?? "nothing"
    }
}
