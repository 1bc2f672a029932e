import StrategyKit

/// An account's trading in one stock as a level sees it, built from its fills in the order the
/// exchange made them: position, cash, what was bought and at what cost, and the largest
/// position it ever held.
public struct LevelTally: Hashable, Sendable {
    /// Shares held: bought minus sold.
    public private(set) var position: Quantity = .zero
    /// Cash received minus cash paid, from zero.
    public private(set) var cash: Money = .zero
    /// Shares bought in all.
    public private(set) var bought: Quantity = .zero
    /// Cash paid for them.
    public private(set) var spent: Money = .zero
    /// Shares sold in all.
    public private(set) var sold: Quantity = .zero
    /// The largest position either way after any fill, as a magnitude.
    public private(set) var largestPosition: Quantity = .zero
    /// The first fill that took the position beyond the limit it was tallied against, if any.
    public private(set) var firstBreach: Breach?
    /// Fills tallied.
    public private(set) var fills = 0

    /// The fills so far, each checked against `positionLimit` (nil: no limit).
    public init(_ fills: [LevelFill] = [], positionLimit: Quantity? = nil) {
        for fill in fills { record(fill, positionLimit: positionLimit) }
    }

    /// Adds the next fill; a position beyond `positionLimit` after it is a breach.
    public mutating func record(_ fill: LevelFill, positionLimit: Quantity? = nil) {
        fills += 1
        switch fill.side {
        case .buy:
            position += fill.qty
            bought += fill.qty
            spent += fill.price * fill.qty
            cash -= fill.price * fill.qty
        case .sell:
            position -= fill.qty
            sold += fill.qty
            cash += fill.price * fill.qty
        }
        let magnitude = position.magnitude
        largestPosition = max(largestPosition, magnitude)
        if let positionLimit, firstBreach == nil, magnitude > positionLimit {
            firstBreach = Breach(fill: fills, position: position)
        }
    }

    /// A moment the position was beyond the limit: the fill (counted from 1) and the position after it.
    public struct Breach: Hashable, Sendable {
        public var fill: Int
        public var position: Quantity
    }

    /// The average price paid per share bought, rounded down to the cent; nil before any buy.
    public var averageBuyPrice: Price? {
        bought > .zero ? Price(units: spent.units / bought.shares) : nil
    }

    /// Cash plus the position valued at `mark`.
    public func profit(markedAt mark: Price?) -> Money {
        cash + (mark ?? .zero) * position
    }
}
