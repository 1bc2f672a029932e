/// How the orders of an `OrderGroup` depend on each other. (SDK 4.0)
@frozen
public enum OrderClass: String, Hashable, Sendable, Codable, CaseIterable {
    /// An entry and two exits (a take-profit limit and a stop-loss), the exits working only
    /// once the entry fills and one cancelling the other.
    case bracket
    /// One cancels other: two exits working together; a fill of one cancels the other.
    case oco
    /// One triggers other: an entry and one exit that works once the entry fills.
    case oto
}
