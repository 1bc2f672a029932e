import StrategyKit

/// Something the engine must react to, posted by the I/O edges (pollers, the invoker, timers)
/// or by a replay. Every event carries its time, so the engine never reads a clock and the same
/// events always produce the same actions. The cases with large payloads are boxed, so that an
/// event is no larger than a book, the event of every poll.
public enum EngineEvent: Sendable {
    /// A new book for a symbol; its `receivedTime` is the event's time.
    case book(BookSnapshot)
    /// The exchange accepted the order `client` and answered with its status.
    indirect case placed(ClientOrderID, OrderStatus, at: Timestamp)
    /// The exchange (or the invoker) refused the order `client`; `reason` is a stable code.
    case placeRejected(ClientOrderID, reason: String, at: Timestamp)
    /// Placing the order `client` had an unknown outcome; it will be settled from the account's
    /// orders and is never sent again.
    case placeOutcomeUnknown(ClientOrderID, at: Timestamp)
    /// A cancel of `orderID` failed; it may be asked for again.
    case cancelFailed(OrderID, reason: String, at: Timestamp)
    /// Reports of single orders: status calls and cancel responses.
    case orderReports([OrderStatus], at: Timestamp)
    /// A complete list of the account's orders on `venue` (in `symbol`, or all when nil),
    /// requested at `requestedAt`.
    indirect case accountOrders([OrderStatus], venue: Venue, symbol: Symbol?, requestedAt: Timestamp, at: Timestamp)
    /// A trade printed at the venue (not one of our fills, which come in order reports).
    case trade(Trade)
    /// The market's session as the broker's clock says it at `at`.
    case session(MarketSession, at: Timestamp)
    /// A company's new filing on SEC EDGAR, first seen at `at` (boxed: rare, and larger than
    /// the other cases).
    indirect case filing(Filing, at: Timestamp)
    /// Time passes: strategies' timers due by now fire, bars ended by now close, loss limits are
    /// re-evaluated.
    case timer(Timestamp)

    /// When the event happened.
    public var time: Timestamp {
        switch self {
        case .book(let book): return book.receivedTime
        case .trade(let trade): return trade.time
        case .session(_, let time), .filing(_, let time): return time
        case .placed(_, _, let time), .placeRejected(_, _, let time), .placeOutcomeUnknown(_, let time), .cancelFailed(_, _, let time),
             .orderReports(_, let time), .accountOrders(_, _, _, _, let time), .timer(let time):
            return time
        }
    }
}
