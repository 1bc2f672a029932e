import StrategyKit

/// The ranges the StockFighter API's numbers must fall in: those the simulated exchange
/// accepts, so that a client never takes in what the exchange would refuse. Its prices are
/// integer cents: read with `Price(cents:)`, exactly, and written with `cents(_:)`.
public enum APINumbers {
    /// Prices in cents, up to `Price.maxAccepted`.
    public static var prices: ClosedRange<Int64> { 0...Price.maxAccepted.units / Price.unitsPerCent }
    /// Quantities in shares.
    public static var quantities: ClosedRange<Int64> { 0...Quantity.maxAccepted.shares }

    /// `price` in the API's integer cents, for the simulated exchange's answers. Its prices are
    /// whole cents (orders reach it in cents, and its bots quote in cents), so this is exact
    /// there; a sub-penny price, which it never holds, would be rounded toward zero. An order
    /// the client sends is refused before this when its price is not whole cents
    /// (`StockFighterBroker`).
    @inlinable
    public static func cents(_ price: Price) -> Int64 { price.cents(rounded: .towardZero) }
}
