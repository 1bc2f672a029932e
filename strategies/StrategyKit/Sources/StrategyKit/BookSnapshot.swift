/// An order book at one moment, as a strategy sees it.
///
/// Bids are best (highest) first, asks best (lowest) first, time priority within a price.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
@frozen
public struct BookSnapshot: Hashable, Sendable, Codable {
    public var venue: Venue
    public var symbol: Symbol
    /// Resting buy orders, highest price first.
    public var bids: [BookEntry]
    /// Resting sell orders, lowest price first.
    public var asks: [BookEntry]
    /// When the exchange produced the book (its `ts`).
    public var exchangeTime: Timestamp
    /// When this process received it.
    public var receivedTime: Timestamp
    /// This process's count of snapshots received for the symbol, from 1.
    public var sequence: UInt64

    @inlinable
    public init(
        venue: Venue, symbol: Symbol, bids: [BookEntry], asks: [BookEntry],
        exchangeTime: Timestamp, receivedTime: Timestamp, sequence: UInt64
    ) {
        self.venue = venue
        self.symbol = symbol
        self.bids = bids
        self.asks = asks
        self.exchangeTime = exchangeTime
        self.receivedTime = receivedTime
        self.sequence = sequence
    }

    /// The highest bid price, if any.
    @inlinable
    public var bestBid: Price? { bids.first?.price }
    /// The lowest ask price, if any.
    @inlinable
    public var bestAsk: Price? { asks.first?.price }

    /// The midpoint of the best bid and ask, rounded down to a whole cent; nil if a side is empty.
    /// `touch.mid`, without adding up the sizes.
    public var mid: Price? {
        guard let bid = bestBid, let ask = bestAsk else { return nil }
        return Touch.midpoint(bid, ask)
    }

    /// The best ask minus the best bid; nil if a side is empty. A difference beyond `Int64`
    /// (only between prices no exchange sends) is clamped to it.
    public var spread: Price? {
        guard let bid = bestBid, let ask = bestAsk else { return nil }
        let (difference, overflow) = ask.units.subtractingReportingOverflow(bid.units)
        guard overflow else { return Price(units: difference) }
        return Price(units: ask > bid ? .max : .min)
    }

    /// The size-weighted micro-price of the touch, rounded down to a whole cent (`touch.microPrice`).
    /// Nil if a side is empty.
    public var microPrice: Price? { touch.microPrice }

    /// Total shares at the best price of one side (`.buy` for bids); a total beyond `Int64` is
    /// clamped to it.
    public func size(atBest side: Side) -> Quantity {
        let entries = side == .buy ? bids : asks
        guard let best = entries.first?.price else { return .zero }
        var total = Quantity.zero
        for entry in entries {
            guard entry.price == best else { break }
            total = total.addingSaturated(entry.qty)
        }
        return total
    }

    /// Total shares on one side (`.buy` for bids); a total beyond `Int64` is clamped to it.
    public func depth(_ side: Side) -> Quantity {
        (side == .buy ? bids : asks).reduce(Quantity.zero) { $0.addingSaturated($1.qty) }
    }
}
