/// How an order meets the book, as the StockFighter API names it.
@frozen
public enum OrderType: String, Hashable, Sendable, Codable, CaseIterable {
    /// Match while prices cross; the remainder rests.
    case limit
    /// Match at any price until filled or the other side is empty; never rests.
    case market
    /// Fill the whole quantity now within the limit, or nothing.
    case fillOrKill = "fill-or-kill"
    /// Fill what can be filled now within the limit; cancel the rest.
    case immediateOrCancel = "immediate-or-cancel"

    /// Parses the API's names and the short aliases servers also accept (`fok`, `ioc`).
    public init?(apiName: String) {
        switch apiName {
        case "limit": self = .limit
        case "market": self = .market
        case "fill-or-kill", "fok": self = .fillOrKill
        case "immediate-or-cancel", "ioc": self = .immediateOrCancel
        default: return nil
        }
    }

    /// Whether an order of this type can rest on the book.
    @inlinable
    public var rests: Bool { self == .limit }

    /// Whether an order of this type carries a limit price.
    @inlinable
    public var isPriced: Bool { self != .market }
}
