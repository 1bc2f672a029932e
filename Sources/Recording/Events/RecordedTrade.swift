import StrategyKit

/// A trade printed at the venue, as a recording keeps it: the trade (its `time` the venue's),
/// when it was received here, and the source's condition codes (Alpaca's `c`, e.g. `["@", "F"]`;
/// empty where the source has none). A recording's trades are of its header's venue.
public struct RecordedTrade: Hashable, Sendable {
    public var trade: Trade
    /// The local time the trade was received; the venue's time for downloaded history.
    public var receivedTime: Timestamp
    public var conditions: [String]

    public init(_ trade: Trade, receivedTime: Timestamp? = nil, conditions: [String] = []) {
        self.trade = trade
        self.receivedTime = receivedTime ?? trade.time
        self.conditions = conditions
    }
}
