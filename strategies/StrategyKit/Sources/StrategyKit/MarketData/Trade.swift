/// One print: shares that changed hands at a price, as the venue reports its trades (or, for
/// ours, as our fills report them). (SDK 4.0)
@frozen
public struct Trade: Hashable, Sendable, Codable {
    public var symbol: Symbol
    public var price: Price
    public var qty: Quantity
    /// When the trade happened, by the venue's clock.
    public var time: Timestamp
    /// Whether one of this strategy's orders was a side of it.
    public var isOurs: Bool

    @inlinable
    public init(symbol: Symbol, price: Price, qty: Quantity, time: Timestamp, isOurs: Bool = false) {
        self.symbol = symbol
        self.price = price
        self.qty = qty
        self.time = time
        self.isOurs = isOurs
    }
}
