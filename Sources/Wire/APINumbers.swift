import StrategyKit

/// The ranges the StockFighter API's numbers must fall in: those the simulated exchange
/// accepts, so that a client never takes in what the exchange would refuse.
public enum APINumbers {
    /// Prices in cents.
    public static var prices: ClosedRange<Int64> { 0...Price.maxAccepted.cents }
    /// Quantities in shares.
    public static var quantities: ClosedRange<Int64> { 0...Quantity.maxAccepted.shares }
}
