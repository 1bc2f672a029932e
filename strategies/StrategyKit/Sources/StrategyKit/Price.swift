/// A price per share in integer cents (5100 is $51.00). Never a floating-point number.
///
/// Arithmetic traps on overflow rather than wrapping: a price that overflows `Int64` is a broken
/// invariant, not a value to trade on.
@frozen
public struct Price: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The price in cents.
    public var cents: Int64

    /// A price of `cents` cents.
    @inlinable
    public init(cents: Int64) { self.cents = cents }

    /// Zero cents; the price the API reports for market orders.
    @inlinable
    public static var zero: Price { Price(cents: 0) }

    /// The highest price accepted from outside the process, $10,000,000.00: the simulated
    /// exchange refuses orders above it, and the exchange client and the recording readers
    /// refuse answers and records above it (or below zero). Far beyond any real share price,
    /// and low enough that a price times `Quantity.maxAccepted` fits in `Int64`.
    @inlinable
    public static var maxAccepted: Price { Price(cents: 1_000_000_000) }

    public init(from decoder: any Decoder) throws {
        cents = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(cents)
    }

    @inlinable
    public static func < (lhs: Price, rhs: Price) -> Bool { lhs.cents < rhs.cents }

    @inlinable
    public static func == (lhs: Price, rhs: Price) -> Bool { lhs.cents == rhs.cents }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(cents) }

    @inlinable
    public static func + (lhs: Price, rhs: Price) -> Price { Price(cents: lhs.cents + rhs.cents) }

    @inlinable
    public static func - (lhs: Price, rhs: Price) -> Price { Price(cents: lhs.cents - rhs.cents) }

    /// The notional value of `quantity` shares at this price.
    @inlinable
    public static func * (lhs: Price, rhs: Quantity) -> Money { Money(cents: lhs.cents * rhs.shares) }

    /// Dollars and cents, e.g. `51.00`, or `-0.05` for a negative price.
    public var description: String { Money(cents: cents).description }
}

extension Price: ExpressibleByIntegerLiteral {
    @inlinable
    public init(integerLiteral value: Int64) { self.init(cents: value) }
}
