import Foundation
import StrategyKit
import Wire

/// The same responses decoded with `JSONDecoder`, tolerating the same quirks: the oracle the
/// byte-level decoders are checked against.
enum Oracle {
    struct WireEntry: Decodable { var price: Int64; var qty: Int64; var isBuy: Bool }
    struct WireBook: Decodable {
        var venue: String; var symbol: String; var bids: [WireEntry]?; var asks: [WireEntry]?; var ts: String
    }
    struct WireFill: Decodable { var price: Int64; var qty: Int64; var ts: String }
    struct WireOrder: Decodable {
        var id: Int64; var venue: String; var symbol: String; var account: String; var direction: String
        var orderType: String?; var type: String?; var price: Int64; var originalQty: Int64; var qty: Int64
        var ts: String; var fills: [WireFill]?; var totalFilled: Int64?; var open: Bool
    }
    struct WireOrderList: Decodable { var orders: [WireOrder]? }

    struct Failure: Error { var what: String }

    static func time(_ text: String) throws -> Timestamp {
        guard let time = Timestamp(iso8601: text) else { throw Failure(what: "time \(text)") }
        return time
    }

    static func book(_ body: String, receivedAt: Timestamp) throws -> BookSnapshot {
        let wire = try JSONDecoder().decode(WireBook.self, from: Data(body.utf8))
        func entries(_ side: [WireEntry]?) -> [BookEntry] {
            (side ?? []).map { BookEntry(price: Price(cents: $0.price), qty: Quantity(shares: $0.qty), isBuy: $0.isBuy) }
        }
        return BookSnapshot(
            venue: Venue(wire.venue), symbol: Symbol(wire.symbol), bids: entries(wire.bids), asks: entries(wire.asks),
            exchangeTime: try time(wire.ts), receivedTime: receivedAt, sequence: 0)
    }

    static func order(_ wire: WireOrder) throws -> OrderStatus {
        guard let side = Side(rawValue: wire.direction),
              let type = (wire.orderType ?? wire.type).flatMap(OrderType.init(apiName:))
        else { throw Failure(what: "order \(wire.id)") }
        let fills = try (wire.fills ?? []).map {
            OrderFill(price: Price(cents: $0.price), qty: Quantity(shares: $0.qty), ts: try time($0.ts))
        }
        return OrderStatus(
            id: OrderID(wire.id), venue: Venue(wire.venue), symbol: Symbol(wire.symbol), account: Account(wire.account),
            side: side, type: type, price: Price(cents: wire.price), originalQty: Quantity(shares: wire.originalQty),
            qty: Quantity(shares: wire.qty), ts: try time(wire.ts), fills: fills,
            totalFilled: Quantity(shares: wire.totalFilled ?? fills.reduce(0) { $0 + $1.qty.shares }), open: wire.open)
    }

    static func order(_ body: String) throws -> OrderStatus {
        try order(JSONDecoder().decode(WireOrder.self, from: Data(body.utf8)))
    }

    static func orderList(_ body: String) throws -> [OrderStatus] {
        try (JSONDecoder().decode(WireOrderList.self, from: Data(body.utf8)).orders ?? []).map(order)
    }
}
