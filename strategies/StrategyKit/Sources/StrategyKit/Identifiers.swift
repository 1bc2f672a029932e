/// The kind of thing a `Name` identifies; an empty enum per kind keeps `Venue` and `Symbol`
/// apart in the type system although both are strings.
public protocol NameKind: Sendable {}

/// A string identifier of one kind: `Venue`, `Symbol`, `Account`, `StrategyID`.
///
/// Encodes as a bare JSON string.
@frozen
public struct Name<Kind: NameKind>: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The identifier's text.
    public var rawValue: String

    @inlinable public init(rawValue: String) { self.rawValue = rawValue }
    @inlinable public init(_ value: String) { self.rawValue = value }
    @inlinable public init(stringLiteral value: String) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    @inlinable public static func < (lhs: Name, rhs: Name) -> Bool { lhs.rawValue < rhs.rawValue }
    @inlinable public static func == (lhs: Name, rhs: Name) -> Bool { lhs.rawValue == rhs.rawValue }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var description: String { rawValue }
}

/// Marks `Name`s that identify venues.
public enum VenueKind: NameKind {}
/// Marks `Name`s that identify stock symbols.
public enum SymbolKind: NameKind {}
/// Marks `Name`s that identify trading accounts.
public enum AccountKind: NameKind {}
/// Marks `Name`s that identify configured strategy instances.
public enum StrategyIDKind: NameKind {}
/// Marks `Name`s that identify a strategy's timers.
public enum TimerIDKind: NameKind {}

/// A trading venue (exchange), e.g. `TESTEX`.
public typealias Venue = Name<VenueKind>
/// A stock symbol on a venue, e.g. `FOOBAR`.
public typealias Symbol = Name<SymbolKind>
/// A trading account on a venue, e.g. `EXB123456`.
public typealias Account = Name<AccountKind>
/// The id a configuration gives a running strategy instance, e.g. `mm-foobar`.
public typealias StrategyID = Name<StrategyIDKind>
/// A timer a strategy sets with `Intent.setTimer`, of its own naming, e.g. `requote` (SDK 4.0).
public typealias TimerID = Name<TimerIDKind>

/// An order id assigned by a venue: unique and increasing per venue. Encodes as a JSON integer.
@frozen
public struct OrderID: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    ExpressibleByIntegerLiteral, CustomStringConvertible
{
    /// The venue's integer id.
    public var rawValue: Int64

    @inlinable public init(rawValue: Int64) { self.rawValue = rawValue }
    @inlinable public init(_ value: Int64) { self.rawValue = value }
    @inlinable public init(integerLiteral value: Int64) { self.rawValue = value }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(Int64.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    @inlinable public static func < (lhs: OrderID, rhs: OrderID) -> Bool { lhs.rawValue < rhs.rawValue }
    @inlinable public static func == (lhs: OrderID, rhs: OrderID) -> Bool { lhs.rawValue == rhs.rawValue }
    @inlinable public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public var description: String { String(rawValue) }
}
