import StrategyKit

/// One symbol's quote for the trading day, as a watch list shows it: the last price, the day's
/// open, high and low, and the previous session's close, with the change worked out from them in
/// integers (never taken from a source's floating-point fields).
public struct DayQuote: Sendable, Hashable {
    public var symbol: Symbol
    /// The last price.
    public var price: Price
    public var open: Price
    public var high: Price
    public var low: Price
    /// The close of the previous session; the change is measured from it.
    public var previousClose: Price
    /// When the price was last updated, as the source says.
    public var time: Timestamp

    /// A quote with every field given.
    public init(symbol: Symbol, price: Price, open: Price, high: Price, low: Price, previousClose: Price, time: Timestamp) {
        self.symbol = symbol
        self.price = price
        self.open = open
        self.high = high
        self.low = low
        self.previousClose = previousClose
        self.time = time
    }

    /// `price - previousClose`.
    public var change: Money { Money(units: price.units - previousClose.units) }

    /// The change in hundredths of a percent of the previous close (`123` is 1.23 %), rounded
    /// half away from zero; nil when there is no previous close to divide by.
    public var changeBasisPoints: Int64? {
        guard previousClose.units > 0 else { return nil }
        let scaled = change.units * 10_000
        let half = previousClose.units / 2
        return (scaled + (scaled >= 0 ? half : -half)) / previousClose.units
    }
}
