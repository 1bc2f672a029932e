import StrategyKit

/// The insider among a symbol's bots (level making-amends): a trader from its own account who
/// knows the fair value `lookahead` steps ahead and crosses the spread when that future value is
/// at least `margin` beyond the touch, buying before rises and selling before falls. It trades
/// taker-sized orders, on a fraction of the steps its knowledge favours, so that it hides in the
/// takers' volume while its trades keep coming out ahead.
public struct InsiderConfiguration: Hashable, Sendable {
    /// How many steps ahead the insider knows the fair value.
    public var lookahead: Int
    /// How far, in cents, the fair value `lookahead` steps ahead must be beyond the touch for the
    /// insider to trade.
    public var margin: Int64
    /// The chance per step, in percent, that the insider trades when its knowledge favours it.
    public var tradeChance: Int
    /// The largest order it sends.
    public var maxSize: Quantity
    /// Beyond this position it only trades the side that reduces it.
    public var positionLimit: Quantity

    /// An insider knowing `lookahead` steps ahead, trading when `margin` cents are to be had.
    public init(lookahead: Int = 20, margin: Int64 = 3, tradeChance: Int = 40, maxSize: Quantity = 50, positionLimit: Quantity = 500) {
        precondition(lookahead >= 1 && margin >= 0 && (0...100).contains(tradeChance) && maxSize.shares >= 1 && positionLimit.shares >= 1)
        self.lookahead = lookahead
        self.margin = margin
        self.tradeChance = tradeChance
        self.maxSize = maxSize
        self.positionLimit = positionLimit
    }
}
