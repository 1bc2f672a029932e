/// The market opened or closed, as `onSession` is told. (SDK 4.0)
@frozen
public enum SessionEvent: Hashable, Sendable, Codable {
    /// The market opened; it closes at `closes` (early on a short day).
    case opened(closes: Timestamp)
    /// The market closed; it next opens at `opens` when the calendar says.
    case closed(opens: Timestamp?)
}
