import StrategyKit

/// The account at one sample time: equity and its parts, net positions and marks.
public struct EquitySample: Hashable, Sendable, Codable {
    public var time: Timestamp
    /// Net P&L so far: realized plus unrealized minus fees.
    public var equity: Money
    public var realized: Money
    public var unrealized: Money
    public var fees: Money
    /// The account's net position per symbol.
    public var positions: [Symbol: Quantity]
    /// The mark (mid) per symbol, where one is known.
    public var marks: [Symbol: Price]

    public init(
        time: Timestamp, equity: Money, realized: Money, unrealized: Money, fees: Money,
        positions: [Symbol: Quantity], marks: [Symbol: Price]
    ) {
        self.time = time
        self.equity = equity
        self.realized = realized
        self.unrealized = unrealized
        self.fees = fees
        self.positions = positions
        self.marks = marks
    }
}

/// A fill with the fee (negative: rebate) it cost.
public struct BookedFill: Hashable, Sendable, Codable {
    public var fill: Fill
    public var fee: Money

    public init(fill: Fill, fee: Money) {
        self.fill = fill
        self.fee = fee
    }
}
