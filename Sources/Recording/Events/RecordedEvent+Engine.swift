import StrategyKit
import Trading

extension RecordedEvent {
    /// The record of an engine input.
    public init(_ event: EngineEvent) {
        switch event {
        case .book(let book): self = .book(book)
        case .placed(let client, let status, let time): self = .placed(client, status, time: time)
        case .placeRejected(let client, let reason, let time): self = .placeRejected(client, reason: reason, time: time)
        case .placeOutcomeUnknown(let client, let time): self = .placeOutcomeUnknown(client, time: time)
        case .cancelFailed(let orderID, let reason, let time): self = .cancelFailed(orderID, reason: reason, time: time)
        case .orderReports(let statuses, let time): self = .orderReports(statuses, time: time)
        case .accountOrders(let statuses, let venue, let symbol, let requestedAt, let time):
            self = .accountOrders(statuses, venue: venue, symbol: symbol, requestedAt: requestedAt, time: time)
        case .timer(let time): self = .timer(time)
        case .trade(let trade): self = .trade(RecordedTrade(trade))
        case .session(let session, let time): self = .session(session, time: time)
        case .filing(let filing, let time): self = .filing(filing, time: time)
        }
    }

    /// The records of an engine action taken at `time` (the time of the event that caused it):
    /// one, or for a group one `place` per leg.
    public static func records(of action: EngineAction, at time: Timestamp) -> [RecordedEvent] {
        switch action {
        case .place(let client, let order): [.place(client, order.request, strategy: order.strategyID, time: time)]
        case .placeGroup(_, let legs): legs.map { .place($0.client, $0.order.request, strategy: $0.order.strategyID, time: time) }
        case .replace(_, let orderID, _, let order): [.replace(orderID, order.request, strategy: order.strategyID, time: time)]
        case .cancel(let venue, let symbol, let orderID): [.cancel(orderID, venue: venue, symbol: symbol, time: time)]
        case .tradingStateChanged(let change): [.tradingStateChanged(change.description, time: time)]
        }
    }

    /// The engine event this record holds; nil for actions, fills, and the start and stop of
    /// trading (which are calls, not events).
    public var engineEvent: EngineEvent? {
        switch self {
        case .book(let book): .book(book)
        case .placed(let client, let status, let time): .placed(client, status, at: time)
        case .placeRejected(let client, let reason, let time): .placeRejected(client, reason: reason, at: time)
        case .placeOutcomeUnknown(let client, let time): .placeOutcomeUnknown(client, at: time)
        case .cancelFailed(let orderID, let reason, let time): .cancelFailed(orderID, reason: reason, at: time)
        case .orderReports(let statuses, let time): .orderReports(statuses, at: time)
        case .accountOrders(let statuses, let venue, let symbol, let requestedAt, let time):
            .accountOrders(statuses, venue: venue, symbol: symbol, requestedAt: requestedAt, at: time)
        case .timer(let time): .timer(time)
        case .trade(let trade): .trade(trade.trade)
        case .session(let session, let time): .session(session, at: time)
        case .filing(let filing, let time): .filing(filing, at: time)
        case .place, .cancel, .replace, .tradingStateChanged, .fill, .start, .stop: nil
        }
    }
}
