/// An amount of money in integer cents: cash, notional, profit and loss. May be negative.
///
/// Arithmetic traps on overflow rather than wrapping.
@frozen
public struct Money: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The amount in cents.
    public var cents: Int64

    /// An amount of `cents` cents.
    @inlinable
    public init(cents: Int64) { self.cents = cents }

    /// No money.
    public static let zero = Money(cents: 0)

    public init(from decoder: any Decoder) throws {
        cents = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cents)
    }

    @inlinable
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

    @inlinable
    public static func == (lhs: Money, rhs: Money) -> Bool { lhs.cents == rhs.cents }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(cents) }

    @inlinable
    public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }

    @inlinable
    public static func - (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents - rhs.cents) }

    @inlinable
    public static prefix func - (value: Money) -> Money { Money(cents: -value.cents) }

    @inlinable
    public static func += (lhs: inout Money, rhs: Money) { lhs = lhs + rhs }

    @inlinable
    public static func -= (lhs: inout Money, rhs: Money) { lhs = lhs - rhs }

    /// Dollars with two decimals and a leading minus when negative: `1234.50`, `-0.05`.
    public var description: String {
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        let sign = cents < 0 ? "-" : ""
        return "\(sign)\(magnitude / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension Money: ExpressibleByIntegerLiteral {
    @inlinable
    public init(integerLiteral value: Int64) { self.init(cents: value) }
}
