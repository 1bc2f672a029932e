/// The top of a book: the best price on each side and the shares resting at it.
///
/// `BookSnapshot.touch` is the whole book's; `BookSnapshot.touch(excluding:)` leaves a strategy's
/// own orders out, so that a price derived from it is the rest of the market's and does not follow
/// the strategy's own quotes around. `mid` and `microPrice` are computed here and only here:
/// `BookSnapshot`'s are these.
///
/// `@frozen`: its stored properties are part of the SDK 2.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 3.0.
@frozen
public struct Touch: Hashable, Sendable {
    /// The best (highest) bid price; nil if there are no bids.
    public var bid: Price?
    /// The shares bid at `bid`; zero if there are no bids.
    public var bidSize: Quantity
    /// The best (lowest) ask price; nil if there are no asks.
    public var ask: Price?
    /// The shares offered at `ask`; zero if there are no asks.
    public var askSize: Quantity

    @inlinable
    public init(bid: Price?, bidSize: Quantity, ask: Price?, askSize: Quantity) {
        self.bid = bid
        self.bidSize = bidSize
        self.ask = ask
        self.askSize = askSize
    }

    /// The midpoint of the best bid and ask, rounded down to a cent; nil if a side is empty.
    @inlinable
    public var mid: Price? {
        guard let bid, let ask else { return nil }
        return Self.midpoint(bid, ask)
    }

    /// The size-weighted micro-price, rounded down to a cent:
    /// `(bid × askSize + ask × bidSize) / (bidSize + askSize)`, or the mid if both sizes are
    /// zero. Nil if a side is empty.
    @inlinable
    public var microPrice: Price? {
        guard let bid, let ask else { return nil }
        let total = bidSize.shares + askSize.shares
        guard total > 0 else { return Self.midpoint(bid, ask) }
        return Price(cents: (bid.cents * askSize.shares + ask.cents * bidSize.shares) / total)
    }

    /// The midpoint of two prices, rounded down to a cent.
    @inlinable
    static func midpoint(_ bid: Price, _ ask: Price) -> Price {
        Price(cents: (bid.cents + ask.cents) / 2)
    }

    @inlinable
    public static func == (lhs: Touch, rhs: Touch) -> Bool {
        lhs.bid == rhs.bid && lhs.bidSize == rhs.bidSize && lhs.ask == rhs.ask && lhs.askSize == rhs.askSize
    }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(bid)
        hasher.combine(bidSize)
        hasher.combine(ask)
        hasher.combine(askSize)
    }
}
