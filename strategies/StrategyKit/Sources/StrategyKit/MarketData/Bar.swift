/// Open, high, low, close and volume of one symbol's trades over one timeframe. (SDK 4.0)
@frozen
public struct Bar: Hashable, Sendable, Codable {
    /// Who made the bar. Today always the engine; a broker's own bars (Alpaca's
    /// `/v2/stocks/{symbol}/bars`) would be told apart by this.
    @frozen
    public enum Source: String, Hashable, Sendable, Codable {
        /// The engine, from the trades it was given: the same live and in a backtest.
        case engine
    }

    public var symbol: Symbol
    public var timeframe: BarTimeframe
    /// The start of the bar's span; it ends at `start + timeframe`.
    public var start: Timestamp
    public var open: Price
    public var high: Price
    public var low: Price
    public var close: Price
    /// Shares traded in the span.
    public var volume: Quantity
    /// The number of trades in the span.
    public var trades: Int
    public var source: Source

    @inlinable
    public init(
        symbol: Symbol, timeframe: BarTimeframe, start: Timestamp, open: Price, high: Price, low: Price, close: Price,
        volume: Quantity, trades: Int, source: Source = .engine
    ) {
        self.symbol = symbol
        self.timeframe = timeframe
        self.start = start
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.volume = volume
        self.trades = trades
        self.source = source
    }

    /// When the bar's span ends.
    @inlinable
    public var end: Timestamp { Timestamp(nanoseconds: start.nanoseconds + timeframe.nanoseconds) }
}
