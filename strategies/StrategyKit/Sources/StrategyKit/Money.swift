/// An amount of money in integer units of $0.0001: cash, notional, profit and loss. May be
/// negative. The unit is `Price`'s, so a price times a quantity is exact.
///
/// `Money(cents:)` is exact; `wholeCents` and `cents(rounded:)` are the deliberate conversions
/// back to cents, as for `Price`.
///
/// Arithmetic traps on overflow rather than wrapping.
@frozen
public struct Money: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The amount in units of $0.0001.
    public var units: Int64

    /// An amount of `units` units of $0.0001.
    @inlinable
    public init(units: Int64) { self.units = units }

    /// An amount of `cents` cents, exactly. Traps where `cents` times `Price.unitsPerCent`
    /// leaves `Int64`; numbers from outside are range-checked first (`init?(exactCents:)`).
    @inlinable
    public init(cents: Int64) { self.units = cents * Price.unitsPerCent }

    /// An amount of `cents` cents; nil where it does not fit in `Int64` units.
    @inlinable
    public init?(exactCents cents: Int64) {
        let (units, overflow) = cents.multipliedReportingOverflow(by: Price.unitsPerCent)
        guard !overflow else { return nil }
        self.units = units
    }

    /// The amount in cents when it is a whole number of cents; nil otherwise.
    @inlinable
    public var wholeCents: Int64? {
        units % Price.unitsPerCent == 0 ? units / Price.unitsPerCent : nil
    }

    /// The amount in cents, rounded by `rule` when it is not a whole number of cents.
    @inlinable
    public func cents(rounded rule: FloatingPointRoundingRule) -> Int64 {
        Price.divide(units, by: Price.unitsPerCent, rounding: rule)
    }

    /// No money.
    @inlinable
    public static var zero: Money { Money(units: 0) }

    /// Encoded as the integer number of units.
    public init(from decoder: any Decoder) throws {
        units = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(units)
    }

    @inlinable
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.units < rhs.units }

    @inlinable
    public static func == (lhs: Money, rhs: Money) -> Bool { lhs.units == rhs.units }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(units) }

    @inlinable
    public static func + (lhs: Money, rhs: Money) -> Money { Money(units: lhs.units + rhs.units) }

    @inlinable
    public static func - (lhs: Money, rhs: Money) -> Money { Money(units: lhs.units - rhs.units) }

    @inlinable
    public static prefix func - (value: Money) -> Money { Money(units: -value.units) }

    @inlinable
    public static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }

    @inlinable
    public static func -= (lhs: inout Money, rhs: Money) { lhs = lhs - rhs }

    /// Dollars with a leading minus when negative: two decimals when the amount is whole cents
    /// (`1234.50`, `-0.05`), up to four otherwise, trailing zeros dropped (`0.1234`, `51.005`).
    public var description: String {
        let magnitude = units.magnitude
        let perDollar = UInt64(Price.unitsPerDollar)
        var fraction = magnitude % perDollar
        var digits = 4
        while digits > 2, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let text = String(fraction)
        let padding = String(repeating: "0", count: digits - text.count)
        return "\(units < 0 ? "-" : "")\(magnitude / perDollar).\(padding)\(text)"
    }
}

/// An integer literal is a number of **cents**, as it was before SDK 3.0 (`let fee: Money = 5`
/// is five cents): kept so that no literal in a plugin silently changes meaning with the unit.
extension Money: ExpressibleByIntegerLiteral {
    @inlinable
    public init(integerLiteral value: Int64) { self.init(cents: value) }
}
