import StrategyKit
import Wire

/// The StockFighter API's two WebSocket feeds' messages, read from a text frame's bytes with the
/// REST reader of the objects they wrap (`QuoteObject`, `APIOrderCodec`).
///
/// - tickertape (`/ob/api/ws/:account/venues/:venue/tickertape[/stocks/:stock]`):
///   `{"ok":true,"quote":{...}}`, one per change of the quote.
/// - executions (`/ob/api/ws/:account/venues/:venue/executions[/stocks/:stock]`): one per fill
///   of one of the account's orders, `{"ok":true,"account":..,"venue":..,"symbol":..,"order":{...},
///   "standingId":..,"incomingId":..,"price":..,"filled":..,"filledAt":..,...}`; the order is
///   as of after the fill, which is all the daemon takes (its tracker finds the new fill).
///
/// A message that is not one of these (`ok` false, no quote or order, malformed JSON) is a
/// `JSONReadError`, never a crash.
public enum StockFighterStreamMessage {
    /// A tickertape message: the top of the book (the quote's time as exchange time) and the
    /// quote's last trade, nil before the first (a repeat is for the caller's `LastTradeFilter`).
    public struct Tick: Sendable, Hashable {
        public var book: BookSnapshot
        public var lastTrade: Trade?
    }

    /// Reads a tickertape message received at `receivedAt` on `venue`'s feed.
    public static func tickertape(_ message: [UInt8], venue: Venue, receivedAt: Timestamp) throws(JSONReadError) -> Tick {
        var quote: Quote?
        try read(message) { reader, key throws(JSONReadError) in
            guard key == "quote" else { return false }
            quote = try QuoteObject.read(&reader, venue: venue, symbol: "", receivedAt: receivedAt)
            return true
        }
        guard let quote, !quote.symbol.rawValue.isEmpty else { throw .refused("tickertape: no quote with a symbol") }
        return Tick(book: quote.topOfBook(receivedAt: receivedAt), lastTrade: quote.lastPrint)
    }

    /// Reads an executions message: the status of its order after the fill, venue, symbol and
    /// account from the message where the order leaves them out.
    public static func execution(_ message: [UInt8]) throws(JSONReadError) -> OrderStatus {
        var defaults = APIOrderCodec.Defaults()
        var order: OrderStatus?
        try read(message) { reader, key throws(JSONReadError) in
            switch key {
            case "order": order = try APIOrderCodec.read(&reader, defaults: defaults)
            case "venue": defaults.venue = Venue(try reader.string())
            case "symbol": defaults.symbol = Symbol(try reader.string())
            case "account": defaults.account = Account(try reader.string())
            default: return false
            }
            return true
        }
        guard let order else { throw .refused("executions: no order") }
        return order
    }

    /// Reads the message's top object: `ok` must not be false (its `error` is the refusal), and
    /// `field` reads the keys it knows (returning true), the rest skipped.
    static func read(
        _ message: [UInt8], field: (inout JSONReader, String) throws(JSONReadError) -> Bool
    ) throws(JSONReadError) {
        var ok = true
        var error = ""
        try message.withUnsafeBytes { bytes in
            Result { () throws(JSONReadError) in
                var reader = JSONReader(bytes)
                try reader.readObject { reader, key throws(JSONReadError) in
                    let name = String(decoding: key.bytes, as: UTF8.self)
                    if name == "ok" {
                        ok = try reader.bool()
                    } else if name == "error", reader.peek() == UInt8(ascii: "\"") {
                        error = try reader.string()
                    } else if try !field(&reader, name) {
                        try reader.skipValue()
                    }
                }
                try reader.expectEnd()
            }
        }.get()
        guard ok else { throw .refused("stream message not ok: \(error.isEmpty ? "(no message)" : error)") }
    }
}
