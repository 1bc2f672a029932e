import StrategyKit
import Wire

/// How far a trailing stop trails its high-water mark: a dollar offset (`trail_price`) or a
/// percentage (`trail_percent`, held in units of 0.0001 %). A sell's stop is below the mark (the
/// highest trade since placement), a buy's above it (the lowest).
enum AlpacaTrail: Equatable {
    case price(Price)
    case percent(Int64)

    /// Decimal places a `trail_percent` is read and written with: a price's, so that `PATCH`'s
    /// `trail`, a price or a percentage as the order trails, is read once for either.
    static let percentPlaces = Price.decimalPlaces
    /// 100 % in the units `percent` holds.
    static let hundredPercent: Int64 = 1_000_000

    /// The stop price of a `side` trailing stop whose mark is `hwm`: `hwm ∓ trail`, or
    /// `hwm × (1 ∓ percent / 100)` rounded to the nearest cent (to the nearest $0.0001 below
    /// $1.00, the venue's tick there). A sell's stop never goes below zero.
    func stopPrice(from hwm: Price, side: Side) -> Price {
        let sign: Int64 = side == .sell ? -1 : 1
        switch self {
        case let .price(offset):
            return Price(units: max(0, hwm.units + sign * offset.units))
        case let .percent(percent):
            let exact = hwm.units * (Self.hundredPercent + sign * percent)
            let units = Self.nearest(exact, over: Self.hundredPercent)
            guard units >= Price(cents: 100).units else { return Price(units: max(0, units)) }
            return Price(cents: Self.nearest(units, over: Price.unitsPerCent))
        }
    }

    /// `numerator / denominator` rounded to the nearest integer, halves up (both non-negative).
    private static func nearest(_ numerator: Int64, over denominator: Int64) -> Int64 {
        (numerator + denominator / 2) / denominator
    }
}
