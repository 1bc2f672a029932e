/// The top of a book and the last trade, as the API's quote call returns it.
public struct Quote: Hashable, Sendable, Codable {
    public var venue: Venue
    public var symbol: Symbol
    /// Best bid price; nil when there are no bids.
    public var bid: Price?
    /// Best ask price; nil when there are no asks.
    public var ask: Price?
    /// Total shares at the best bid.
    public var bidSize: Quantity
    /// Total shares at the best ask.
    public var askSize: Quantity
    /// Total shares on the bid side.
    public var bidDepth: Quantity
    /// Total shares on the ask side.
    public var askDepth: Quantity
    /// Price of the last trade; nil before the first.
    public var last: Price?
    /// Size of the last trade; nil before the first.
    public var lastSize: Quantity?
    /// Time of the last trade; nil before the first.
    public var lastTrade: Timestamp?
    /// When the quote was produced.
    public var quoteTime: Timestamp

    public init(
        venue: Venue, symbol: Symbol, bid: Price?, ask: Price?, bidSize: Quantity, askSize: Quantity,
        bidDepth: Quantity, askDepth: Quantity, last: Price?, lastSize: Quantity?, lastTrade: Timestamp?,
        quoteTime: Timestamp
    ) {
        self.venue = venue
        self.symbol = symbol
        self.bid = bid
        self.ask = ask
        self.bidSize = bidSize
        self.askSize = askSize
        self.bidDepth = bidDepth
        self.askDepth = askDepth
        self.last = last
        self.lastSize = lastSize
        self.lastTrade = lastTrade
        self.quoteTime = quoteTime
    }
}
