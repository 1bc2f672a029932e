/// One resting order as an order book shows it: the API lists individual orders, not
/// aggregated price levels.
@frozen
public struct BookEntry: Hashable, Sendable, Codable {
    /// The order's limit price.
    public var price: Price
    /// The shares still resting.
    public var qty: Quantity
    /// Whether this entry is a bid.
    public var isBuy: Bool

    @inlinable
    public init(price: Price, qty: Quantity, isBuy: Bool) {
        self.price = price
        self.qty = qty
        self.isBuy = isBuy
    }

    @inlinable
    public static func == (lhs: BookEntry, rhs: BookEntry) -> Bool {
        lhs.price == rhs.price && lhs.qty == rhs.qty && lhs.isBuy == rhs.isBuy
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(price)
        hasher.combine(qty)
        hasher.combine(isBuy)
    }
}
