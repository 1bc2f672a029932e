/// Where an order is in its life: submitted → acknowledged → partlyFilled → filled, cancelled
/// or rejected. The last three are final.
public enum TrackedOrderState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Sent (or about to be), no exchange id yet.
    case submitted
    /// The exchange accepted it and gave it an id; nothing filled.
    case acknowledged
    /// Open with some shares filled.
    case partlyFilled
    /// Closed with every share filled.
    case filled
    /// Closed with shares unfilled: cancelled, or the unfilled rest of an IOC, FOK or market order.
    case cancelled
    /// Never reached the book: the exchange refused it, or it was never placed.
    case rejected

    /// Whether the order can still fill.
    public var isOpen: Bool {
        switch self {
        case .submitted, .acknowledged, .partlyFilled: true
        case .filled, .cancelled, .rejected: false
        }
    }
}
