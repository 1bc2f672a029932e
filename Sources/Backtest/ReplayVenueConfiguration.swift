import StrategyKit

/// How a `ReplayVenue` behaves: who it is, how slow requests are, what fills cost.
public struct ReplayVenueConfiguration: Hashable, Sendable {
    /// The venue named in order statuses.
    public var venue: Venue
    /// The account named in order statuses.
    public var account: Account
    /// Milliseconds from sending a place request to its reaching the simulated book.
    public var orderLatencyMilliseconds: Int64
    /// Milliseconds from sending a cancel request to its reaching the simulated book.
    public var cancelLatencyMilliseconds: Int64
    public var fees: FeeSchedule
    /// Whether limit day orders go out as extended-hours orders, which a session's extended
    /// hours take (the configuration's `exchange.extendedHours`, as `AlpacaBroker` sends them).
    public var extendedHours: Bool

    public init(
        venue: Venue, account: Account, orderLatencyMilliseconds: Int64 = 0, cancelLatencyMilliseconds: Int64 = 0,
        fees: FeeSchedule = .none, extendedHours: Bool = false
    ) {
        precondition(orderLatencyMilliseconds >= 0 && cancelLatencyMilliseconds >= 0, "latencies are not negative")
        self.venue = venue
        self.account = account
        self.orderLatencyMilliseconds = orderLatencyMilliseconds
        self.cancelLatencyMilliseconds = cancelLatencyMilliseconds
        self.fees = fees
        self.extendedHours = extendedHours
    }
}
