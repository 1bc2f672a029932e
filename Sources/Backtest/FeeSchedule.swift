import StrategyKit

/// Whether a fill took liquidity from the book or was resting when it filled.
public enum Liquidity: String, Hashable, Sendable, Codable {
    /// The order met resting orders when it arrived.
    case taker
    /// The order was resting and was filled later.
    case maker
}

/// Per-share fees (`Money`, configured in cents), signed: positive is charged, negative is a rebate paid.
public struct FeeSchedule: Hashable, Sendable, Codable {
    /// Per share on fills that took liquidity.
    public var takerPerShare: Money
    /// Per share on fills of resting orders; negative for a maker rebate.
    public var makerPerShare: Money

    public init(takerPerShare: Money = .zero, makerPerShare: Money = .zero) {
        self.takerPerShare = takerPerShare
        self.makerPerShare = makerPerShare
    }

    /// No fees and no rebates: what the StockFighter exchange charges.
    public static let none = FeeSchedule()

    /// The fee (negative for a rebate) on `qty` shares of `liquidity`.
    public func fee(for qty: Quantity, _ liquidity: Liquidity) -> Money {
        let perShare = liquidity == .taker ? takerPerShare : makerPerShare
        return Money(units: perShare.units * qty.shares)
    }
}
