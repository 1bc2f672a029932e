import StrategyKit

/// A place-order request whose answer never arrived: what was asked, when, and why the answer
/// is missing. Enough to find the order in the account's order list.
public struct UnknownPlacement: Hashable, Sendable, CustomStringConvertible {
    /// The order that was sent.
    public var order: PlaceOrder
    /// The local time just before the request was sent.
    public var sentAfter: Timestamp
    /// The local time the failure was noticed.
    public var failedAt: Timestamp
    /// The transport failure that left the outcome unknown (a time-out or a lost connection).
    public var cause: String

    /// A placement of `order` sent after `sentAfter` and given up on at `failedAt`.
    public init(order: PlaceOrder, sentAfter: Timestamp, failedAt: Timestamp, cause: String) {
        self.order = order
        self.sentAfter = sentAfter
        self.failedAt = failedAt
        self.cause = cause
    }

    public var description: String {
        "\(order) sent at \(sentAfter) may or may not have been placed (\(cause))"
    }
}

/// What looking up an order of unknown outcome found.
public enum PlacementResolution: Hashable, Sendable {
    /// Exactly one order of the account matches: the placement happened.
    case placed(OrderStatus)
    /// No order of the account matches: the placement did not happen.
    case notPlaced
    /// Several orders match (the same order was placed more than once in the window); the
    /// caller decides, with all of them at hand.
    case ambiguous([OrderStatus])
}
