/// A number of shares. Order quantities are positive; positions are signed (negative is short).
///
/// Arithmetic traps on overflow rather than wrapping.
@frozen
public struct Quantity: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The number of shares.
    public var shares: Int64

    /// `shares` shares.
    @inlinable
    public init(shares: Int64) { self.shares = shares }

    /// No shares.
    @inlinable
    public static var zero: Quantity { Quantity(shares: 0) }

    /// The largest quantity accepted from outside the process, a billion shares: the simulated
    /// exchange refuses orders above it, and the exchange client and the recording readers
    /// refuse answers and records above it (or below zero). Low enough that
    /// `Price.maxAccepted` times it fits in `Int64`.
    @inlinable
    public static var maxAccepted: Quantity { Quantity(shares: 1_000_000_000) }

    /// `self + other`, or `Int64.max` or `Int64.min` shares where the exact sum does not fit:
    /// never traps. For totals of numbers read from outside, which no invariant bounds.
    @inlinable
    public func addingSaturated(_ other: Quantity) -> Quantity {
        let (sum, overflow) = shares.addingReportingOverflow(other.shares)
        guard overflow else { return Quantity(shares: sum) }
        return Quantity(shares: other.shares > 0 ? .max : .min)
    }

    public init(from decoder: any Decoder) throws {
        shares = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(shares)
    }

    @inlinable
    public static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.shares < rhs.shares }

    @inlinable
    public static func == (lhs: Quantity, rhs: Quantity) -> Bool { lhs.shares == rhs.shares }

    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(shares) }

    @inlinable
    public static func + (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(shares: lhs.shares + rhs.shares) }

    @inlinable
    public static func - (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(shares: lhs.shares - rhs.shares) }

    @inlinable
    public static prefix func - (value: Quantity) -> Quantity { Quantity(shares: -value.shares) }

    @inlinable
    public static func += (lhs: inout Quantity, rhs: Quantity) { lhs = lhs + rhs }

    @inlinable
    public static func -= (lhs: inout Quantity, rhs: Quantity) { lhs = lhs - rhs }

    /// The unsigned size of this quantity.
    @inlinable
    public var magnitude: Quantity { Quantity(shares: shares < 0 ? -shares : shares) }

    public var description: String { String(shares) }
}

extension Quantity: ExpressibleByIntegerLiteral {
    @inlinable
    public init(integerLiteral value: Int64) { self.init(shares: value) }
}
