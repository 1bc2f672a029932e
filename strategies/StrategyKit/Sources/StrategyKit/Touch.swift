/// The top of a book: the best price on each side and the shares resting at it.
///
/// `BookSnapshot.touch` is the whole book's; `BookSnapshot.touch(excluding:)` leaves a strategy's
/// own orders out, so that a price derived from it is the rest of the market's and does not follow
/// the strategy's own quotes around. `mid` and `microPrice` are computed here and only here:
/// `BookSnapshot`'s are these.
///
/// `@frozen`: its stored properties are part of the SDK 4.x ABI, since plugins compiled against
/// it read them directly; none may be added, removed or reordered before SDK 5.0.
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

    /// The midpoint of the best bid and ask, rounded down to a whole cent (the tick orders go
    /// out on at StockFighter, and for US stocks at $1 and above); nil if a side is empty.
    public var mid: Price? {
        guard let bid, let ask else { return nil }
        return Self.midpoint(bid, ask)
    }

    /// The size-weighted micro-price, rounded down to a whole cent:
    /// `(bid × askSize + ask × bidSize) / (bidSize + askSize)`, or the mid if the sizes add up
    /// to zero or less. Nil if a side is empty. Computed without overflow for any sizes and
    /// prices.
    public var microPrice: Price? {
        guard let bid, let ask else { return nil }
        let (total, totalOverflow) = bidSize.shares.addingReportingOverflow(askSize.shares)
        let (bidPart, bidOverflow) = bid.units.multipliedReportingOverflow(by: askSize.shares)
        let (askPart, askOverflow) = ask.units.multipliedReportingOverflow(by: bidSize.shares)
        let (sum, sumOverflow) = bidPart.addingReportingOverflow(askPart)
        guard totalOverflow || bidOverflow || askOverflow || sumOverflow else {
            return total > 0 ? Self.centFloor(sum / total) : Self.midpoint(bid, ask)
        }
        return Self.wideMicroPrice(bid, bidSize, ask, askSize)
    }

    /// `microPrice` in 128 bits, for sizes and prices whose products leave `Int64`; a result
    /// outside `Int64` (only possible with a negative size) is clamped to it.
    static func wideMicroPrice(_ bid: Price, _ bidSize: Quantity, _ ask: Price, _ askSize: Quantity) -> Price {
        let total = Int128(bidSize.shares) + Int128(askSize.shares)
        guard total > 0 else { return midpoint(bid, ask) }
        let sum = Int128(bid.units) * Int128(askSize.shares) + Int128(ask.units) * Int128(bidSize.shares)
        return centFloor(Int64(clamping: sum / total))
    }

    /// The midpoint of two prices, rounded toward zero to a cent (down for positive prices).
    /// Any two prices have one: where their sum leaves `Int64`, both have the same sign and
    /// their halves are added instead.
    static func midpoint(_ bid: Price, _ ask: Price) -> Price {
        let (sum, overflow) = bid.units.addingReportingOverflow(ask.units)
        guard overflow else { return centFloor(sum / 2) }
        return centFloor(bid.units / 2 + ask.units / 2 + (bid.units % 2 + ask.units % 2) / 2)
    }

    /// `units` rounded toward zero to a whole cent: the grid `mid` and `microPrice` keep, so that
    /// a quote derived from them is on a cent tick as before SDK 3.0.
    static func centFloor(_ units: Int64) -> Price {
        Price(units: units / Price.unitsPerCent * Price.unitsPerCent)
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
