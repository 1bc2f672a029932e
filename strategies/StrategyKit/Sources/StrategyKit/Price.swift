/// A price per share in integer units of $0.0001 (51_0000 is $51.00, 1 is $0.0001), the finest
/// tick US equity venues quote and print: a fill at a sub-penny price is held exactly. Never a
/// floating-point number.
///
/// `Price(cents:)` is exact (a cent is `unitsPerCent` units). A venue that trades in whole cents
/// converts with `wholeCents` (nil for a sub-penny price: refuse it) or `cents(rounded:)` (round
/// on purpose, e.g. a buy down and a sell up to the tick); nothing truncates silently.
///
/// Arithmetic traps on overflow rather than wrapping: a price that overflows `Int64` is a broken
/// invariant, not a value to trade on.
@frozen
public struct Price: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The price in units of $0.0001.
    public var units: Int64

    /// Units in a cent.
    @inlinable
    public static var unitsPerCent: Int64 { 100 }

    /// Units in a dollar.
    @inlinable
    public static var unitsPerDollar: Int64 { 10_000 }

    /// A price of `units` units of $0.0001.
    @inlinable
    public init(units: Int64) { self.units = units }

    /// A price of `cents` cents, exactly. Traps where `cents` times `unitsPerCent` leaves
    /// `Int64`; numbers from outside are range-checked first (`init?(exactCents:)`).
    @inlinable
    public init(cents: Int64) { self.units = cents * Self.unitsPerCent }

    /// A price of `cents` cents; nil where it does not fit in `Int64` units.
    @inlinable
    public init?(exactCents cents: Int64) {
        let (units, overflow) = cents.multipliedReportingOverflow(by: Self.unitsPerCent)
        guard !overflow else { return nil }
        self.units = units
    }

    /// The price in cents when it is a whole number of cents; nil for a sub-penny price. The
    /// exact conversion for a venue whose tick is a cent.
    @inlinable
    public var wholeCents: Int64? {
        units % Self.unitsPerCent == 0 ? units / Self.unitsPerCent : nil
    }

    /// The price in cents, rounded by `rule` when it is not a whole number of cents: the
    /// deliberate conversion to a cent tick (a buy rounds `.down`, a sell `.up`, to stay passive).
    @inlinable
    public func cents(rounded rule: FloatingPointRoundingRule) -> Int64 {
        Self.divide(units, by: Self.unitsPerCent, rounding: rule)
    }

    /// Zero; the price the API reports for market orders.
    @inlinable
    public static var zero: Price { Price(units: 0) }

    /// The highest price accepted from outside the process, $100,000.00: the simulated exchange
    /// refuses orders above it, and the exchange client and the recording readers refuse
    /// answers and records above it (or below zero). Above any listed US share but one, and low
    /// enough that it times `Quantity.maxAccepted` (10^9 units × 10^9 shares = 10^18) fits in
    /// `Int64` (9.2 × 10^18).
    @inlinable
    public static var maxAccepted: Price { Price(cents: 10_000_000) }

    /// Encoded as the integer number of units.
    public init(from decoder: any Decoder) throws {
        units = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(units)
    }

    @inlinable
    public static func < (lhs: Price, rhs: Price) -> Bool { lhs.units < rhs.units }

    @inlinable
    public static func == (lhs: Price, rhs: Price) -> Bool { lhs.units == rhs.units }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(units) }

    @inlinable
    public static func + (lhs: Price, rhs: Price) -> Price { Price(units: lhs.units + rhs.units) }

    @inlinable
    public static func - (lhs: Price, rhs: Price) -> Price { Price(units: lhs.units - rhs.units) }

    /// The notional value of `quantity` shares at this price.
    @inlinable
    public static func * (lhs: Price, rhs: Quantity) -> Money { Money(units: lhs.units * rhs.shares) }

    /// Dollars with two decimals when whole cents, up to four otherwise: `51.00`, `0.1234`,
    /// `-0.05`.
    public var description: String { Money(units: units).description }

    /// `value / divisor` (divisor positive) rounded by `rule`.
    @inlinable
    static func divide(_ value: Int64, by divisor: Int64, rounding rule: FloatingPointRoundingRule) -> Int64 {
        let quotient = value / divisor
        let remainder = value % divisor
        guard remainder != 0 else { return quotient }
        let away = quotient + (value < 0 ? -1 : 1)
        let twice = remainder.magnitude * 2
        switch rule {
        case .down: return value < 0 ? away : quotient
        case .up: return value < 0 ? quotient : away
        case .towardZero: return quotient
        case .awayFromZero: return away
        case .toNearestOrAwayFromZero: return twice >= divisor.magnitude ? away : quotient
        case .toNearestOrEven:
            if twice == divisor.magnitude { return quotient % 2 == 0 ? quotient : away }
            return twice > divisor.magnitude ? away : quotient
        @unknown default: return quotient
        }
    }
}

/// An integer literal is a number of **cents**, as it was before SDK 3.0 (`let tick: Price = 1`
/// is one cent): kept so that no literal in a plugin silently changes meaning with the unit.
extension Price: ExpressibleByIntegerLiteral {
    @inlinable
    public init(integerLiteral value: Int64) { self.init(cents: value) }
}
