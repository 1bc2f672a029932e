/// The direction of an order: `"buy"` or `"sell"` in the API.
@frozen
public enum Side: String, Hashable, Sendable, Codable, CaseIterable {
    case buy
    case sell

    /// The other side.
    @inlinable
    public var opposite: Side { self == .buy ? .sell : .buy }

    /// +1 for a buy, -1 for a sell: the sign a fill of this side gives a position change.
    @inlinable
    public var sign: Int64 { self == .buy ? 1 : -1 }

    @inlinable
    public static func == (lhs: Side, rhs: Side) -> Bool {
        switch (lhs, rhs) {
        case (.buy, .buy), (.sell, .sell): true
        case (.buy, .sell), (.sell, .buy): false
        }
    }

    /// Hashes the raw value, as the conformance this replaces did.
    @inlinable
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
}
