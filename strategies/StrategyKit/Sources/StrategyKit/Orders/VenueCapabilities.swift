/// Which orders a venue keeps itself; the engine holds the rest for it (emulates them), or
/// refuses them where the configuration says so. What a broker tells the engine; a strategy has
/// no use for it (an emulated order says so itself: `OpenOrder.isEmulated`). (SDK 4.0)
public struct VenueCapabilities: Hashable, Sendable {
    /// Stops, stop-limits and trailing stops wait at the venue.
    public var triggers: Bool
    /// Brackets, OCO and OTO are placed as one order class, their legs followed by the venue.
    public var groups: Bool
    /// An open order is amended in place.
    public var replace: Bool
    /// The times in force the venue takes; the engine sends others as `day`, or refuses them.
    public var timesInForce: Set<TimeInForce>

    public init(triggers: Bool, groups: Bool, replace: Bool, timesInForce: Set<TimeInForce>) {
        self.triggers = triggers
        self.groups = groups
        self.replace = replace
        self.timesInForce = timesInForce
    }

    /// A venue that keeps plain orders only (StockFighter, the replay venue of a backtest).
    public static let plainOrders = VenueCapabilities(triggers: false, groups: false, replace: false, timesInForce: [.day, .gtc])
}
