import StrategyKit
import Wire

/// An `OrderStatus` in the exchange API's own JSON shape (`direction`, `orderType`, ISO-8601
/// times), so that a session recording holds order updates exactly as the API returned them.
/// Decoding refuses what the exchange client refuses: a price or quantity out of
/// `RecordedNumbers`' range, a fill of no shares, fills adding up to more than `originalQty`.
struct APIOrder: Codable {
    var status: OrderStatus

    init(_ status: OrderStatus) { self.status = status }

    private enum Key: String, CodingKey {
        case id, venue, symbol, account, direction, orderType, price, originalQty, qty, ts, fills
        case totalFilled, open
    }

    private enum FillKey: String, CodingKey { case price, qty, ts }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func time(_ text: String, _ key: Key) throws -> Timestamp {
            guard let value = Timestamp(iso8601: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "not an ISO-8601 time: \(text)")
            }
            return value
        }
        func number<K: CodingKey>(_ key: K, in range: ClosedRange<Int64>, of container: KeyedDecodingContainer<K>) throws -> Int64 {
            let value = try container.decode(Int64.self, forKey: key)
            guard range.contains(value) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: RecordedNumbers.outOfRange(key.stringValue, value, range))
            }
            return value
        }
        let typeName = try container.decode(String.self, forKey: .orderType)
        guard let type = OrderType(apiName: typeName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .orderType, in: container, debugDescription: "unknown order type \(typeName)")
        }
        var fillsContainer = try container.nestedUnkeyedContainer(forKey: .fills)
        var fills: [OrderFill] = []
        while !fillsContainer.isAtEnd {
            let fill = try fillsContainer.nestedContainer(keyedBy: FillKey.self)
            fills.append(OrderFill(
                price: Price(units: try number(.price, in: RecordedNumbers.prices, of: fill)),
                qty: Quantity(shares: try number(.qty, in: RecordedNumbers.fillQuantities, of: fill)),
                ts: try time(try fill.decode(String.self, forKey: .ts), .fills)))
        }
        let originalQty = try number(.originalQty, in: RecordedNumbers.quantities, of: container)
        let totalFilled = try number(.totalFilled, in: 0...originalQty, of: container)
        // Each fill is at most `Quantity.maxAccepted`: no record holds enough of them to overflow.
        let fillsTotal = fills.reduce(0) { $0 + $1.qty.shares }
        guard fillsTotal <= originalQty else {
            throw DecodingError.dataCorruptedError(
                forKey: .fills, in: container, debugDescription: "\(fillsTotal) shares filled, more than originalQty \(originalQty)")
        }
        status = OrderStatus(
            id: try container.decode(OrderID.self, forKey: .id), venue: try container.decode(Venue.self, forKey: .venue),
            symbol: try container.decode(Symbol.self, forKey: .symbol),
            account: try container.decode(Account.self, forKey: .account),
            side: try container.decode(Side.self, forKey: .direction), type: type,
            price: Price(units: try number(.price, in: RecordedNumbers.prices, of: container)),
            originalQty: Quantity(shares: originalQty),
            qty: Quantity(shares: try number(.qty, in: RecordedNumbers.quantities, of: container)),
            ts: try time(try container.decode(String.self, forKey: .ts), .ts), fills: fills,
            totalFilled: Quantity(shares: totalFilled),
            open: try container.decode(Bool.self, forKey: .open))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(status.id, forKey: .id)
        try container.encode(status.venue, forKey: .venue)
        try container.encode(status.symbol, forKey: .symbol)
        try container.encode(status.account, forKey: .account)
        try container.encode(status.side, forKey: .direction)
        try container.encode(status.type, forKey: .orderType)
        try container.encode(status.price, forKey: .price)
        try container.encode(status.originalQty, forKey: .originalQty)
        try container.encode(status.qty, forKey: .qty)
        try container.encode(status.ts.iso8601, forKey: .ts)
        var fills = container.nestedUnkeyedContainer(forKey: .fills)
        for fill in status.fills {
            var entry = fills.nestedContainer(keyedBy: FillKey.self)
            try entry.encode(fill.price, forKey: .price)
            try entry.encode(fill.qty, forKey: .qty)
            try entry.encode(fill.ts.iso8601, forKey: .ts)
        }
        try container.encode(status.totalFilled, forKey: .totalFilled)
        try container.encode(status.open, forKey: .open)
    }
}
