import Engine
import StrategyKit

/// The JSON Lines shape of every record (see RECORDINGS.md). `JSONDecoder` with this conformance
/// is the oracle the byte-level parser is tested against, and `JSONEncoder` with it writes the
/// records other than books.
extension RecordedEvent: Codable {
    private enum Key: String, CodingKey {
        case kind, venue, symbol, seq, exchangeTime, receivedTime, bids, asks
        case time, order, fill, clientID, strategy, request, orderID
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "book":
            func entries(_ key: Key, isBuy: Bool) throws -> [BookEntry] {
                let pairs = try container.decodeIfPresent([[Int64]].self, forKey: key) ?? []
                return try pairs.map { pair in
                    guard pair.count == 2 else {
                        throw DecodingError.dataCorruptedError(
                            forKey: key, in: container, debugDescription: "a book entry is [price, qty]")
                    }
                    return BookEntry(price: Price(cents: pair[0]), qty: Quantity(shares: pair[1]), isBuy: isBuy)
                }
            }
            self = .book(BookSnapshot(
                venue: try container.decode(Venue.self, forKey: .venue),
                symbol: try container.decode(Symbol.self, forKey: .symbol),
                bids: try entries(.bids, isBuy: true), asks: try entries(.asks, isBuy: false),
                exchangeTime: try container.decode(Timestamp.self, forKey: .exchangeTime),
                receivedTime: try container.decode(Timestamp.self, forKey: .receivedTime),
                sequence: try container.decode(UInt64.self, forKey: .seq)))
        case "orderUpdate":
            let order = try container.decode(APIOrder.self, forKey: .order)
            self = .orderUpdate(order.status, receivedTime: try container.decode(Timestamp.self, forKey: .time))
        case "fill":
            self = .fill(try container.decode(Fill.self, forKey: .fill))
        case "timer":
            self = .timer(try container.decode(Timestamp.self, forKey: .time))
        case "place":
            self = .place(
                ClientOrderID(rawValue: try container.decode(UInt64.self, forKey: .clientID)),
                try container.decode(OrderRequest.self, forKey: .request),
                strategy: try container.decode(StrategyID.self, forKey: .strategy),
                time: try container.decode(Timestamp.self, forKey: .time))
        case "cancel":
            self = .cancel(
                try container.decode(OrderID.self, forKey: .orderID),
                symbol: try container.decode(Symbol.self, forKey: .symbol),
                time: try container.decode(Timestamp.self, forKey: .time))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown record kind \(kind)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(kindName, forKey: .kind)
        switch self {
        case .book(let book):
            try container.encode(book.venue, forKey: .venue)
            try container.encode(book.symbol, forKey: .symbol)
            try container.encode(book.sequence, forKey: .seq)
            try container.encode(book.exchangeTime, forKey: .exchangeTime)
            try container.encode(book.receivedTime, forKey: .receivedTime)
            try container.encode(book.bids.map { [$0.price.cents, $0.qty.shares] }, forKey: .bids)
            try container.encode(book.asks.map { [$0.price.cents, $0.qty.shares] }, forKey: .asks)
        case .orderUpdate(let status, let receivedTime):
            try container.encode(receivedTime, forKey: .time)
            try container.encode(APIOrder(status), forKey: .order)
        case .fill(let fill):
            try container.encode(fill, forKey: .fill)
        case .timer(let time):
            try container.encode(time, forKey: .time)
        case .place(let clientID, let request, let strategy, let time):
            try container.encode(time, forKey: .time)
            try container.encode(clientID.rawValue, forKey: .clientID)
            try container.encode(strategy, forKey: .strategy)
            try container.encode(request, forKey: .request)
        case .cancel(let orderID, let symbol, let time):
            try container.encode(time, forKey: .time)
            try container.encode(orderID, forKey: .orderID)
            try container.encode(symbol, forKey: .symbol)
        }
    }
}
