import StrategyKit
import Trading

/// The JSON Lines shape of every record (see RECORDINGS.md). `JSONDecoder` with this conformance
/// is the oracle the byte-level parser is tested against, and `JSONEncoder` with it writes the
/// records other than books. Order statuses are API order objects.
extension RecordedEvent: Codable {
    private enum Key: String, CodingKey {
        case kind, venue, symbol, seq, exchangeTime, receivedTime, bids, asks
        case time, client, order, orders, reason, orderID, requestedAt, strategy, request, change, fill, trade, session, conditions, filing
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let kind = try container.decode(String.self, forKey: .kind)
        func time(_ key: Key = .time) throws -> Timestamp { try container.decode(Timestamp.self, forKey: key) }
        func client() throws -> ClientOrderID { ClientOrderID(rawValue: try container.decode(UInt64.self, forKey: .client)) }
        func string(_ key: Key) throws -> String { try container.decode(String.self, forKey: key) }
        func statuses() throws -> [OrderStatus] { try container.decode([APIOrder].self, forKey: .orders).map(\.status) }
        switch kind {
        case "book":
            func entries(_ key: Key, isBuy: Bool) throws -> [BookEntry] {
                let pairs = try container.decodeIfPresent([[Int64]].self, forKey: key) ?? []
                return try pairs.enumerated().map { index, pair in
                    guard pair.count == 2 else {
                        throw DecodingError.dataCorruptedError(
                            forKey: key, in: container, debugDescription: "a book entry is [price, qty]")
                    }
                    guard RecordedNumbers.holds(price: pair[0], qty: pair[1]) else {
                        throw DecodingError.dataCorruptedError(
                            forKey: key, in: container,
                            debugDescription: RecordedNumbers.refusal(price: pair[0], qty: pair[1], isBuy: isBuy, index: index))
                    }
                    return BookEntry(price: Price(units: pair[0]), qty: Quantity(shares: pair[1]), isBuy: isBuy)
                }
            }
            self = .book(BookSnapshot(
                venue: try container.decode(Venue.self, forKey: .venue),
                symbol: try container.decode(Symbol.self, forKey: .symbol),
                bids: try entries(.bids, isBuy: true), asks: try entries(.asks, isBuy: false),
                exchangeTime: try time(.exchangeTime), receivedTime: try time(.receivedTime),
                sequence: try container.decode(UInt64.self, forKey: .seq)))
        case "placed":
            self = .placed(try client(), try container.decode(APIOrder.self, forKey: .order).status, time: try time())
        case "placeRejected":
            self = .placeRejected(try client(), reason: try string(.reason), time: try time())
        case "placeOutcomeUnknown":
            self = .placeOutcomeUnknown(try client(), time: try time())
        case "cancelFailed":
            self = .cancelFailed(try container.decode(OrderID.self, forKey: .orderID), reason: try string(.reason), time: try time())
        case "orderReports":
            self = .orderReports(try statuses(), time: try time())
        case "accountOrders":
            self = .accountOrders(
                try statuses(), venue: try container.decode(Venue.self, forKey: .venue),
                symbol: try container.decodeIfPresent(Symbol.self, forKey: .symbol), requestedAt: try time(.requestedAt),
                time: try time())
        case "timer":
            self = .timer(try time())
        case "trade":
            let trade = try container.decode(Trade.self, forKey: .trade)
            if let refusal = RecordedNumbers.tradeRefusal(price: trade.price.units, qty: trade.qty.shares) {
                throw DecodingError.dataCorruptedError(forKey: .trade, in: container, debugDescription: refusal)
            }
            self = .trade(RecordedTrade(
                trade, receivedTime: try container.decodeIfPresent(Timestamp.self, forKey: .receivedTime),
                conditions: try container.decodeIfPresent([String].self, forKey: .conditions) ?? []))
        case "session":
            self = .session(try container.decode(MarketSession.self, forKey: .session), time: try time())
        case "filing":
            self = .filing(try container.decode(Filing.self, forKey: .filing), time: try time())
        case "replace":
            self = .replace(
                try container.decode(OrderID.self, forKey: .orderID), try container.decode(OrderRequest.self, forKey: .request),
                strategy: try container.decode(StrategyID.self, forKey: .strategy), time: try time())
        case "start":
            self = .start(try time())
        case "stop":
            self = .stop(try time())
        case "place":
            self = .place(
                try client(), try container.decode(OrderRequest.self, forKey: .request),
                strategy: try container.decode(StrategyID.self, forKey: .strategy), time: try time())
        case "cancel":
            self = .cancel(
                try container.decode(OrderID.self, forKey: .orderID), venue: try container.decode(Venue.self, forKey: .venue),
                symbol: try container.decode(Symbol.self, forKey: .symbol), time: try time())
        case "tradingStateChanged":
            self = .tradingStateChanged(try string(.change), time: try time())
        case "fill":
            self = .fill(try container.decode(Fill.self, forKey: .fill))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown record kind \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(kindName, forKey: .kind)
        if case .book(let book) = self {
            try container.encode(book.venue, forKey: .venue)
            try container.encode(book.symbol, forKey: .symbol)
            try container.encode(book.sequence, forKey: .seq)
            try container.encode(book.exchangeTime, forKey: .exchangeTime)
            try container.encode(book.receivedTime, forKey: .receivedTime)
            try container.encode(book.bids.map { [$0.price.units, $0.qty.shares] }, forKey: .bids)
            try container.encode(book.asks.map { [$0.price.units, $0.qty.shares] }, forKey: .asks)
            return
        }
        if case .fill(let fill) = self {
            try container.encode(fill, forKey: .fill)
            return
        }
        if case .trade(let recorded) = self {
            try container.encode(recorded.trade, forKey: .trade)
            if recorded.receivedTime != recorded.trade.time { try container.encode(recorded.receivedTime, forKey: .receivedTime) }
            if !recorded.conditions.isEmpty { try container.encode(recorded.conditions, forKey: .conditions) }
            return
        }
        try container.encode(time, forKey: .time)
        switch self {
        case .book, .fill, .trade, .timer, .start, .stop:
            break
        case .session(let session, _):
            try container.encode(session, forKey: .session)
        case .filing(let filing, _):
            try container.encode(filing, forKey: .filing)
        case .replace(let orderID, let request, let strategy, _):
            try container.encode(orderID, forKey: .orderID)
            try container.encode(request, forKey: .request)
            try container.encode(strategy, forKey: .strategy)
        case .placeOutcomeUnknown(let client, _):
            try container.encode(client.rawValue, forKey: .client)
        case .placed(let client, let status, _):
            try container.encode(client.rawValue, forKey: .client)
            try container.encode(APIOrder(status), forKey: .order)
        case .placeRejected(let client, let reason, _):
            try container.encode(client.rawValue, forKey: .client)
            try container.encode(reason, forKey: .reason)
        case .cancelFailed(let orderID, let reason, _):
            try container.encode(orderID, forKey: .orderID)
            try container.encode(reason, forKey: .reason)
        case .orderReports(let statuses, _):
            try container.encode(statuses.map(APIOrder.init), forKey: .orders)
        case .accountOrders(let statuses, let venue, let symbol, let requestedAt, _):
            try container.encode(statuses.map(APIOrder.init), forKey: .orders)
            try container.encode(venue, forKey: .venue)
            try container.encodeIfPresent(symbol, forKey: .symbol)
            try container.encode(requestedAt, forKey: .requestedAt)
        case .place(let client, let request, let strategy, _):
            try container.encode(client.rawValue, forKey: .client)
            try container.encode(strategy, forKey: .strategy)
            try container.encode(request, forKey: .request)
        case .cancel(let orderID, let venue, let symbol, _):
            try container.encode(orderID, forKey: .orderID)
            try container.encode(venue, forKey: .venue)
            try container.encode(symbol, forKey: .symbol)
        case .tradingStateChanged(let change, _):
            try container.encode(change, forKey: .change)
        }
    }
}
