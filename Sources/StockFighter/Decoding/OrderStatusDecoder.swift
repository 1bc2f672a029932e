import StrategyKit

/// Reads the API's order object (place, status, cancel, and each entry of the account lists).
///
/// Tolerates `type` for `orderType`, `stock` for `symbol`, `null` fills, and a missing
/// `totalFilled` (the sum of the fills); venue, symbol and account fall back to what the call
/// itself names when an entry leaves them out. Refuses, naming the field, a price or quantity
/// outside 0...1_000_000_000, a fill of no shares, and fills or a `totalFilled` adding up to
/// more than `originalQty`.
enum OrderStatusDecoder {
    /// Values the call already knows, used when an order object omits them.
    struct Defaults {
        var venue: Venue?
        var symbol: Symbol?
        var account: Account?
    }

    static func read(_ reader: inout JSONByteReader, defaults: Defaults) throws(ExchangeError) -> OrderStatus {
        var id: Int64?, venue = defaults.venue, symbol = defaults.symbol, account = defaults.account
        var side: Side?, type: OrderType?, price: Int64?, originalQty: Int64?, qty: Int64?
        var ts: Timestamp?, fills: [OrderFill] = [], totalFilled: Int64?, open: Bool?
        let start = reader.index
        func field(_ name: String) -> String { "order at byte \(start): \(name)" }
        try reader.readObject { reader, key throws(ExchangeError) in
            switch key.count {
            case 2 where memoryEquals(key, "id"): id = try reader.readInt64()
            case 2 where memoryEquals(key, "ts"): ts = try reader.readTimestamp()
            case 3 where memoryEquals(key, "qty"): qty = try reader.readInt64(in: JSONByteReader.quantities, field: field("qty"))
            case 4 where memoryEquals(key, "open"): open = try reader.readBool()
            case 4 where memoryEquals(key, "type"):
                if type == nil { type = try readType(&reader) } else { try reader.skipValue() }
            case 5 where memoryEquals(key, "venue"): venue = Venue(try reader.readString())
            case 5 where memoryEquals(key, "price"): price = try reader.readInt64(in: JSONByteReader.prices, field: field("price"))
            case 5 where memoryEquals(key, "stock"), 6 where memoryEquals(key, "symbol"):
                symbol = Symbol(try reader.readString())
            case 5 where memoryEquals(key, "fills"): fills = try readFills(&reader, order: start)
            case 7 where memoryEquals(key, "account"): account = Account(try reader.readString())
            case 9 where memoryEquals(key, "direction"):
                let text = try reader.readString()
                guard let value = Side(rawValue: text) else { throw .undecodable("order: unknown direction \"\(text)\"") }
                side = value
            case 9 where memoryEquals(key, "orderType"): type = try readType(&reader)
            case 11 where memoryEquals(key, "originalQty"):
                originalQty = try reader.readInt64(in: JSONByteReader.quantities, field: field("originalQty"))
            case 11 where memoryEquals(key, "totalFilled"):
                totalFilled = try reader.readInt64(in: JSONByteReader.quantities, field: field("totalFilled"))
            default: try reader.skipValue()
            }
        }
        func missing(_ field: String) -> ExchangeError { .undecodable("order at byte \(start): missing \(field)") }
        guard let id else { throw missing("id") }
        guard let venue else { throw missing("venue") }
        guard let symbol else { throw missing("symbol") }
        guard let account else { throw missing("account") }
        guard let side else { throw missing("direction") }
        guard let type else { throw missing("orderType") }
        guard let originalQty else { throw missing("originalQty") }
        guard let qty else { throw missing("qty") }
        guard let ts else { throw missing("ts") }
        guard let open else { throw missing("open") }
        // Each fill is at most `Quantity.maxAccepted`: no body holds enough of them to overflow.
        let fillsTotal = fills.reduce(0) { $0 + $1.qty.shares }
        guard fillsTotal <= originalQty else {
            throw .undecodable("\(field("fills")): \(fillsTotal) shares filled, more than originalQty \(originalQty)")
        }
        let filled = totalFilled ?? fillsTotal
        guard filled <= originalQty else {
            throw .undecodable("\(field("totalFilled")): \(filled) is more than originalQty \(originalQty)")
        }
        return OrderStatus(
            id: OrderID(id), venue: venue, symbol: symbol, account: account, side: side, type: type,
            price: Price(cents: price ?? 0), originalQty: Quantity(shares: originalQty),
            qty: Quantity(shares: qty), ts: ts, fills: fills, totalFilled: Quantity(shares: filled), open: open)
    }

    private static func readType(_ reader: inout JSONByteReader) throws(ExchangeError) -> OrderType {
        let text = try reader.readString()
        guard let type = OrderType(apiName: text) else { throw .undecodable("order: unknown orderType \"\(text)\"") }
        return type
    }

    /// A fill of no shares is refused: every fill moves a position (`Position.applying`).
    private static func readFills(_ reader: inout JSONByteReader, order start: Int) throws(ExchangeError) -> [OrderFill] {
        var fills: [OrderFill] = []
        guard try !reader.readNull() else { return fills }
        func field(_ name: String) -> String { "order at byte \(start): fills[\(fills.count)].\(name)" }
        try reader.readArray { reader throws(ExchangeError) in
            var price: Int64?, qty: Int64?, ts: Timestamp?
            try reader.readObject { reader, key throws(ExchangeError) in
                if memoryEquals(key, "price") {
                    price = try reader.readInt64(in: JSONByteReader.prices, field: field("price"))
                } else if memoryEquals(key, "qty") {
                    qty = try reader.readInt64(in: 1...Quantity.maxAccepted.shares, field: field("qty"))
                } else if memoryEquals(key, "ts") {
                    ts = try reader.readTimestamp()
                } else {
                    try reader.skipValue()
                }
            }
            guard let price, let qty, let ts else { throw .undecodable("fill before byte \(reader.index): needs price, qty and ts") }
            fills.append(OrderFill(price: Price(cents: price), qty: Quantity(shares: qty), ts: ts))
        }
        return fills
    }

    /// Reads a whole response whose top level is one order object.
    static func decodeDocument(_ body: UnsafeRawBufferPointer, defaults: Defaults) throws(ExchangeError) -> OrderStatus {
        var reader = JSONByteReader(body)
        let order = try read(&reader, defaults: defaults)
        try reader.expectEnd()
        return order
    }

    /// Reads a whole response `{"ok":true,"venue":...,"orders":[...]}`; `orders: null` is empty.
    static func decodeList(_ body: UnsafeRawBufferPointer, defaults: Defaults) throws(ExchangeError) -> [OrderStatus] {
        var reader = JSONByteReader(body)
        var orders: [OrderStatus] = []
        var sawOrders = false
        try reader.readObject { reader, key throws(ExchangeError) in
            guard memoryEquals(key, "orders") else { return try reader.skipValue() }
            sawOrders = true
            guard try !reader.readNull() else { return }
            try reader.readArray { reader throws(ExchangeError) in
                orders.append(try read(&reader, defaults: defaults))
            }
        }
        try reader.expectEnd()
        guard sawOrders else { throw .undecodable("order list: missing orders") }
        return orders
    }
}
