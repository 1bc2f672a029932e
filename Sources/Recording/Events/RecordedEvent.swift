import StrategyKit
import Trading

/// One record of a recording after its header, in the order it happened.
///
/// The inputs mirror the engine's `EngineEvent` one for one and the actions its `EngineAction`,
/// so a live session can be recorded and replayed exactly; `fill` records what the engine booked.
/// Book recordings (`tickwork record`) hold `.book` alone. The other cases with large payloads
/// are boxed, so that the value a reader returns per book is no larger than the book.
public enum RecordedEvent: Hashable, Sendable {
    /// Input: an order book snapshot, with the exchange's and the local receive time.
    case book(BookSnapshot)
    /// Input: the exchange accepted the order `client` and answered with its status.
    indirect case placed(ClientOrderID, OrderStatus, time: Timestamp)
    /// Input: the order `client` was refused; `reason` is a stable code.
    case placeRejected(ClientOrderID, reason: String, time: Timestamp)
    /// Input: placing the order `client` had an unknown outcome.
    case placeOutcomeUnknown(ClientOrderID, time: Timestamp)
    /// Input: a cancel of the order failed.
    case cancelFailed(OrderID, reason: String, time: Timestamp)
    /// Input: reports of single orders (status calls, cancel responses).
    case orderReports([OrderStatus], time: Timestamp)
    /// Input: the account's complete order list on `venue` (in `symbol`, or all when nil),
    /// requested at `requestedAt`.
    indirect case accountOrders([OrderStatus], venue: Venue, symbol: Symbol?, requestedAt: Timestamp, time: Timestamp)
    /// Input: a timer tick of the engine's clock.
    case timer(Timestamp)
    /// Input: a trade printed at the venue (SDK 4.0 sessions, book recordings with trades).
    indirect case trade(RecordedTrade)
    /// The market's session as the broker's clock said it.
    indirect case session(MarketSession, time: Timestamp)
    /// Input: a company's new filing on SEC EDGAR, first seen at `time` (SDK 4.1 sessions).
    indirect case filing(Filing, time: Timestamp)
    /// Input: the engine started trading (`TradingEngine.start`).
    case start(Timestamp)
    /// Input: the engine stopped trading (`TradingEngine.stop`).
    case stop(Timestamp)
    /// Action: send an approved order, numbered `client` by the engine.
    indirect case place(ClientOrderID, OrderRequest, strategy: StrategyID, time: Timestamp)
    /// Action: cancel an order.
    indirect case cancel(OrderID, venue: Venue, symbol: Symbol, time: Timestamp)
    /// An order amended in place to `request` (a venue that can).
    indirect case replace(OrderID, OrderRequest, strategy: StrategyID, time: Timestamp)
    /// Action: a trading state changed; `change` is the change's one-line description.
    case tradingStateChanged(String, time: Timestamp)
    /// Outcome: a fill the engine booked.
    indirect case fill(Fill)

    /// What part a record plays in a session.
    public enum Role: Hashable, Sendable {
        /// Something the engine handled.
        case input
        /// Something the engine did.
        case action
        /// A consequence recorded for reference (a booked fill).
        case outcome
    }

    public var role: Role {
        switch self {
        case .book, .placed, .placeRejected, .placeOutcomeUnknown, .cancelFailed, .orderReports, .accountOrders, .timer, .trade, .session,
             .filing, .start, .stop:
            .input
        case .place, .cancel, .replace, .tradingStateChanged: .action
        case .fill: .outcome
        }
    }

    /// The local time of the event (a book's receive time).
    public var time: Timestamp {
        switch self {
        case .book(let book): book.receivedTime
        case .fill(let fill): fill.time
        case .trade(let trade): trade.receivedTime
        case .timer(let time), .start(let time), .stop(let time), .session(_, let time), .filing(_, let time): time
        case .placed(_, _, let time), .placeRejected(_, _, let time), .placeOutcomeUnknown(_, let time),
             .cancelFailed(_, _, let time), .orderReports(_, let time), .accountOrders(_, _, _, _, let time),
             .place(_, _, _, let time), .cancel(_, _, _, let time), .replace(_, _, _, let time), .tradingStateChanged(_, let time):
            time
        }
    }

    /// The record's `kind` in JSON Lines.
    public var kindName: String {
        switch self {
        case .book: "book"
        case .placed: "placed"
        case .placeRejected: "placeRejected"
        case .placeOutcomeUnknown: "placeOutcomeUnknown"
        case .cancelFailed: "cancelFailed"
        case .orderReports: "orderReports"
        case .accountOrders: "accountOrders"
        case .timer: "timer"
        case .trade: "trade"
        case .session: "session"
        case .filing: "filing"
        case .replace: "replace"
        case .start: "start"
        case .stop: "stop"
        case .place: "place"
        case .cancel: "cancel"
        case .tradingStateChanged: "tradingStateChanged"
        case .fill: "fill"
        }
    }
}
