import StrategyKit

/// An order ready to meet a book: valid by construction, carrying the id its venue assigned.
///
/// A market order's price is always zero, as the API reports it.
public struct NewOrder: Hashable, Sendable {
    /// The venue's id for the order; ids submitted to one book must increase.
    public let id: OrderID
    /// The account that owns the order.
    public let account: Account
    /// Buy or sell (the API's `direction`).
    public let side: Side
    /// How the order meets the book.
    public let type: OrderType
    /// The limit price; zero for market orders.
    public let price: Price
    /// The shares wanted; always positive.
    public let qty: Quantity

    /// Validates an order: `qty` must be positive and a priced order's price not negative. The
    /// price of a market order is ignored and reported as zero.
    public init(
        id: OrderID, account: Account, side: Side, type: OrderType, price: Price, qty: Quantity
    ) throws(MatchingError) {
        guard qty.shares > 0 else { throw .nonPositiveQuantity(qty) }
        if type.isPriced, price.units < 0 { throw .negativePrice(price) }
        self.id = id
        self.account = account
        self.side = side
        self.type = type
        self.price = type.isPriced ? price : .zero
        self.qty = qty
    }
}
