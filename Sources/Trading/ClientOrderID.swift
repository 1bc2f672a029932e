/// The daemon's own number for an order, given when it is submitted, before the exchange has
/// assigned an `OrderID`. Increasing in submission order within one process.
public struct ClientOrderID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The number, from 1.
    public var rawValue: UInt64

    public init(rawValue: UInt64) { self.rawValue = rawValue }

    public static func < (lhs: ClientOrderID, rhs: ClientOrderID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `c<number>`.
    public var description: String { "c\(rawValue)" }
}
