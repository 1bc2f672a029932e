import Risk
import StrategyKit

/// Something the monitor's event stream tells as it happens, numbered in publication order.
public struct MonitorEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// A fill made durable in the ledger, under its ledger sequence number.
        case fill(MonitorSnapshot.FillRow)
        /// An order became open (sent, then tracked until it closes).
        case orderOpened(MonitorSnapshot.OrderRow)
        /// An open order closed (filled, cancelled or rejected).
        case orderClosed(MonitorSnapshot.OrderRow)
        /// The risk checker denied `count` orders with `code` since the last publication.
        case denied(code: RiskCode, count: Int)
        /// A trading state changed.
        case stateChanged(TradingStateChange)
    }

    /// The event's number in the stream (from 1, without gaps), what a client's
    /// `Last-Event-ID` names.
    public var id: UInt64
    /// When it was published.
    public var time: Timestamp
    public var kind: Kind

    public init(id: UInt64, time: Timestamp, kind: Kind) {
        self.id = id
        self.time = time
        self.kind = kind
    }
}
