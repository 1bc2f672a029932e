import StrategyKit
import Wire

/// One message of Alpaca's market-data stream (`/v2/{feed}` on the data stream host), whose
/// frames are JSON arrays of objects told apart by `T`. Prices are read exactly (decimal text,
/// never a `Double`), sizes in shares.
public enum AlpacaMarketDataMessage: Sendable, Hashable {
    /// `{"T":"success","msg":...}`: `connected`, then `authenticated`.
    case success(String)
    /// `{"T":"subscription",...}`: the whole subscription now, by channel (`trades`, `quotes`,
    /// `bars`, ...), each channel's symbols.
    case subscription([String: [String]])
    /// `{"T":"error","code":..,"msg":..}`: 400 invalid syntax, 401 not authenticated, 402 auth
    /// failed, 403 already authenticated, 404 auth timeout, 405 symbol limit, 406 connection
    /// limit, 407 slow client, 409 insufficient subscription, 500 internal error.
    case error(code: Int64, message: String)
    /// `T:"t"`: a print.
    case trade(Trade)
    /// `T:"q"`: the top of the book (the quote's time as exchange time; a side whose price is 0
    /// is empty).
    case quote(BookSnapshot)
    /// `T:"b"` (and `d`, `u`: daily and updated bars): a bar, which the daemon does not use.
    case bar(Symbol, AlpacaBar)
    /// A `T` this reader does not know (statuses, LULDs, corrections, ...), named.
    case other(String)

    /// Reads a frame's array of messages, received at `receivedAt` from `venue`'s feed. Malformed
    /// JSON, a message without `T`, or a known message missing what it needs is a
    /// `JSONReadError`, never a crash.
    public static func decode(_ frame: [UInt8], venue: Venue, receivedAt: Timestamp) throws(JSONReadError) -> [AlpacaMarketDataMessage] {
        try frame.withUnsafeBytes { bytes in
            Result { () throws(JSONReadError) in
                var reader = JSONReader(bytes)
                var messages: [AlpacaMarketDataMessage] = []
                try reader.readArray { reader throws(JSONReadError) in
                    messages.append(try read(&reader, venue: venue, receivedAt: receivedAt))
                }
                try reader.expectEnd()
                return messages
            }
        }.get()
    }

    /// Reads one message object: `T` and `S` first (from a copy of the reader), then the object
    /// again with the reader of its kind.
    private static func read(_ reader: inout JSONReader, venue: Venue, receivedAt: Timestamp) throws(JSONReadError) -> Self {
        var probe = reader
        var type = "", symbol = ""
        try probe.readObject { reader, key throws(JSONReadError) in
            if key.equals("T") { type = try reader.string() }
            else if key.equals("S") { symbol = try reader.string() }
            else { try reader.skipValue() }
        }
        switch type {
        case "t":
            let trade = try AlpacaTrade(reading: &reader, symbol: symbol)
            return .trade(trade.trade(of: try named(symbol)))
        case "q":
            let quote = try AlpacaQuote(reading: &reader, symbol: symbol)
            return .quote(quote.book(venue: venue, symbol: try named(symbol), receivedAt: receivedAt))
        case "b", "d", "u":
            let bar = try AlpacaBar(reading: &reader, symbol: symbol)
            return .bar(try named(symbol), bar)
        case "success", "error", "subscription":
            return try control(type, &reader)
        case "":
            throw .refused("market data: a message without T")
        default:
            try reader.skipValue()
            return .other(type)
        }
    }

    /// Reads a `success`, `error` or `subscription` message.
    private static func control(_ type: String, _ reader: inout JSONReader) throws(JSONReadError) -> Self {
        var message = "", code: Int64?, channels: [String: [String]] = [:]
        try reader.readObject { reader, key throws(JSONReadError) in
            let name = String(decoding: key.bytes, as: UTF8.self)
            switch name {
            case "T": try reader.skipValue()
            case "msg": message = try reader.string()
            case "code": code = try reader.int64()
            default:
                guard type == "subscription" else { return try reader.skipValue() }
                channels[name] = try reader.null() ? [] : try reader.array { reader throws(JSONReadError) in try reader.string() }
            }
        }
        switch type {
        case "success": return .success(message)
        case "subscription": return .subscription(channels)
        default:
            guard let code else { throw .refused("market data: an error without a code") }
            return .error(code: code, message: message)
        }
    }

    private static func named(_ symbol: String) throws(JSONReadError) -> Symbol {
        guard !symbol.isEmpty else { throw .refused("market data: a message without S") }
        return Symbol(symbol)
    }
}
