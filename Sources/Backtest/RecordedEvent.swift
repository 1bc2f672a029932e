import Engine
import StrategyKit

/// One record of a recording after its header: an input the engine handled or an action it
/// took, in the order it happened.
///
/// Book recordings (`tickwork record`) hold `.book` alone; live-session recordings hold every
/// kind, so that a replay can feed the inputs and compare the actions.
public enum RecordedEvent: Hashable, Sendable {
    /// An order book snapshot, with the exchange's and the local receive time.
    case book(BookSnapshot)
    /// An order status as the exchange's API returned it (place, status, cancel or the account's
    /// order list), received at `receivedTime`.
    case orderUpdate(OrderStatus, receivedTime: Timestamp)
    /// A fill the engine detected and booked.
    case fill(Fill)
    /// A timer tick of the engine's clock.
    case timer(Timestamp)
    /// An action: the engine sent an order, with the number it gave it before the exchange did.
    case place(ClientOrderID, OrderRequest, strategy: StrategyID, time: Timestamp)
    /// An action: the engine asked the exchange to cancel an order.
    case cancel(OrderID, symbol: Symbol, time: Timestamp)

    /// The local time of the event: a book's receive time, an update's receive time, a fill's
    /// time, a tick's or an action's time.
    public var time: Timestamp {
        switch self {
        case .book(let book): book.receivedTime
        case .orderUpdate(_, let receivedTime): receivedTime
        case .fill(let fill): fill.time
        case .timer(let time): time
        case .place(_, _, _, let time): time
        case .cancel(_, _, let time): time
        }
    }

    /// Whether the event is an input of the engine (as opposed to an action it took).
    public var isInput: Bool {
        switch self {
        case .book, .orderUpdate, .fill, .timer: true
        case .place, .cancel: false
        }
    }

    /// The record's `kind` in JSON Lines.
    public var kindName: String {
        switch self {
        case .book: "book"
        case .orderUpdate: "orderUpdate"
        case .fill: "fill"
        case .timer: "timer"
        case .place: "place"
        case .cancel: "cancel"
        }
    }
}
