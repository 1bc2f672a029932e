import StrategyKit

/// The StockFighter API's order object (place, status, cancel, and each entry of the account's
/// order list), read by the exchange client and written by the simulated exchange: one codec,
/// so the two cannot drift apart.
///
/// Reading tolerates `type` for `orderType`, `stock` for `symbol`, `null` fills, and a missing
/// `totalFilled` (the sum of the fills); venue, symbol and account fall back to what the call
/// itself names when an entry leaves them out. It refuses, naming the field, a price or
/// quantity outside `APINumbers`' ranges, a fill of no shares, and fills or a `totalFilled`
/// adding up to more than `originalQty`.
public enum APIOrderCodec {
    /// Values the call already knows, used when an order object omits them.
    public struct Defaults: Sendable {
        public var venue: Venue?
        public var symbol: Symbol?
        public var account: Account?

        public init(venue: Venue? = nil, symbol: Symbol? = nil, account: Account? = nil) {
            self.venue = venue
            self.symbol = symbol
            self.account = account
        }
    }

    /// Reads one order object at the reader's position.
    public static func read(_ reader: inout JSONReader, defaults: Defaults) throws(JSONReadError) -> OrderStatus {
        var id: Int64?, venue = defaults.venue, symbol = defaults.symbol, account = defaults.account
        var side: Side?, type: OrderType?, price: Int64?, originalQty: Int64?, qty: Int64?
        var ts: Timestamp?, fills: [OrderFill] = [], totalFilled: Int64?, open: Bool?
        reader.skipWhitespace()
        let start = reader.offset
        func field(_ name: String) -> String { "order at byte \(start): \(name)" }
        try reader.readObject { reader, key throws(JSONReadError) in
            switch key.bytes.count {
            case 2 where key.equals("id"): id = try reader.int64()
            case 2 where key.equals("ts"): ts = try reader.timestamp()
            case 3 where key.equals("qty"): qty = try reader.int64(in: APINumbers.quantities, field: field("qty"))
            case 4 where key.equals("open"): open = try reader.bool()
            case 4 where key.equals("type"):
                if type == nil { type = try readType(&reader) } else { try reader.skipValue() }
            case 5 where key.equals("venue"): venue = Venue(try reader.string())
            case 5 where key.equals("price"): price = try reader.int64(in: APINumbers.prices, field: field("price"))
            case 5 where key.equals("stock"), 6 where key.equals("symbol"):
                symbol = Symbol(try reader.string())
            case 5 where key.equals("fills"): fills = try readFills(&reader, order: start)
            case 7 where key.equals("account"): account = Account(try reader.string())
            case 9 where key.equals("direction"):
                let text = try reader.string()
                guard let value = Side(rawValue: text) else { throw .refused("order: unknown direction \"\(text)\"") }
                side = value
            case 9 where key.equals("orderType"): type = try readType(&reader)
            case 11 where key.equals("originalQty"):
                originalQty = try reader.int64(in: APINumbers.quantities, field: field("originalQty"))
            case 11 where key.equals("totalFilled"):
                totalFilled = try reader.int64(in: APINumbers.quantities, field: field("totalFilled"))
            default: try reader.skipValue()
            }
        }
        func missing(_ field: String) -> JSONReadError { .refused("order at byte \(start): missing \(field)") }
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
            throw .refused("\(field("fills")): \(fillsTotal) shares filled, more than originalQty \(originalQty)")
        }
        let filled = totalFilled ?? fillsTotal
        guard filled <= originalQty else {
            throw .refused("\(field("totalFilled")): \(filled) is more than originalQty \(originalQty)")
        }
        return OrderStatus(
            id: OrderID(id), venue: venue, symbol: symbol, account: account, side: side, type: type,
            price: Price(cents: price ?? 0), originalQty: Quantity(shares: originalQty),
            qty: Quantity(shares: qty), ts: ts, fills: fills, totalFilled: Quantity(shares: filled), open: open)
    }

    private static func readType(_ reader: inout JSONReader) throws(JSONReadError) -> OrderType {
        let text = try reader.string()
        guard let type = OrderType(apiName: text) else { throw .refused("order: unknown orderType \"\(text)\"") }
        return type
    }

    /// A fill of no shares is refused: every fill moves a position (`Position.applying`).
    private static func readFills(_ reader: inout JSONReader, order start: Int) throws(JSONReadError) -> [OrderFill] {
        var fills: [OrderFill] = []
        guard try !reader.null() else { return fills }
        func field(_ name: String) -> String { "order at byte \(start): fills[\(fills.count)].\(name)" }
        try reader.readArray { reader throws(JSONReadError) in
            var price: Int64?, qty: Int64?, ts: Timestamp?
            try reader.readObject { reader, key throws(JSONReadError) in
                if key.equals("price") {
                    price = try reader.int64(in: APINumbers.prices, field: field("price"))
                } else if key.equals("qty") {
                    qty = try reader.int64(in: 1...Quantity.maxAccepted.shares, field: field("qty"))
                } else if key.equals("ts") {
                    ts = try reader.timestamp()
                } else {
                    try reader.skipValue()
                }
            }
            guard let price, let qty, let ts else { throw .refused("fill before byte \(reader.offset): needs price, qty and ts") }
            fills.append(OrderFill(price: Price(cents: price), qty: Quantity(shares: qty), ts: ts))
        }
        return fills
    }

    /// Reads a whole document whose top level is one order object.
    public static func decodeDocument(_ body: UnsafeRawBufferPointer, defaults: Defaults) throws(JSONReadError) -> OrderStatus {
        var reader = JSONReader(body)
        let order = try read(&reader, defaults: defaults)
        try reader.expectEnd()
        return order
    }

    /// Reads a whole `{"ok":true,"venue":...,"orders":[...]}`; `orders: null` is empty.
    public static func decodeList(_ body: UnsafeRawBufferPointer, defaults: Defaults) throws(JSONReadError) -> [OrderStatus] {
        var reader = JSONReader(body)
        var orders: [OrderStatus] = []
        var sawOrders = false
        try reader.readObject { reader, key throws(JSONReadError) in
            guard key.equals("orders") else { return try reader.skipValue() }
            sawOrders = true
            guard try !reader.null() else { return }
            try reader.readArray { reader throws(JSONReadError) in
                orders.append(try read(&reader, defaults: defaults))
            }
        }
        try reader.expectEnd()
        guard sawOrders else { throw .refused("order list: missing orders") }
        return orders
    }
}
