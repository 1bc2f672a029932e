/// How far a trailing stop's trigger follows the best price seen since the order was placed
/// (its high-water mark: the highest trade for a sell, the lowest for a buy). (SDK 4.0)
@frozen
public enum Trail: Hashable, Sendable, Codable {
    /// A fixed distance.
    case price(Price)
    /// A distance in basis points (1/100 of a percent) of the high-water mark.
    case basisPoints(Int64)

    /// The trigger price for a trailing stop of `side` whose high-water mark is `mark`: below the
    /// mark for a sell, above it for a buy; a distance in basis points is rounded to the unit half
    /// away from zero.
    public func stopPrice(side: Side, highWaterMark mark: Price) -> Price {
        let distance: Int64
        switch self {
        case .price(let price): distance = price.units
        case .basisPoints(let points):
            let (product, overflow) = mark.units.multipliedReportingOverflow(by: points)
            distance = overflow ? Int64.max / 2 : (product + 5_000) / 10_000
        }
        return Price(units: side == .sell ? mark.units - distance : mark.units + distance)
    }
}
