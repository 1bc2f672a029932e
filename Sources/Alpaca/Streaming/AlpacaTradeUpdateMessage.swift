import StrategyKit
import Wire

/// One message of Alpaca's account stream (`/stream` on the trading host): a JSON object
/// `{"stream":..,"data":{...}}`, sent by paper as a binary frame holding the same text (both are
/// read alike, from the frame's bytes).
public enum AlpacaTradeUpdateMessage: Sendable, Hashable {
    /// `authorization`: whether the key was accepted (`status` `authorized`).
    case authorization(authorized: Bool)
    /// `listening`: the streams now listened to.
    case listening([String])
    /// `trade_updates`: an order's event.
    case tradeUpdate(AlpacaTradeUpdate)
    /// Another `stream`, named.
    case other(String)

    /// Reads a frame's message. Malformed JSON, a message without `stream` or `data`, or an
    /// update without its event or order is a `JSONReadError`, never a crash.
    public static func decode(_ frame: [UInt8]) throws(JSONReadError) -> AlpacaTradeUpdateMessage {
        try frame.withUnsafeBytes { bytes in
            Result { () throws(JSONReadError) in
                var reader = JSONReader(bytes)
                var stream: String?
                var data: JSONReader?
                try reader.readObject { reader, key throws(JSONReadError) in
                    if key.equals("stream") {
                        stream = try reader.string()
                    } else if key.equals("data") {
                        data = reader
                        try reader.skipValue()
                    } else {
                        try reader.skipValue()
                    }
                }
                try reader.expectEnd()
                guard let stream, var data else { throw .refused("account stream: stream and data are required") }
                switch stream {
                case "authorization":
                    var status = ""
                    try data.readObject { reader, key throws(JSONReadError) in
                        if key.equals("status") { status = try reader.string() } else { try reader.skipValue() }
                    }
                    return .authorization(authorized: status == "authorized")
                case "listening":
                    var streams: [String] = []
                    try data.readObject { reader, key throws(JSONReadError) in
                        if key.equals("streams") {
                            streams = try reader.array { reader throws(JSONReadError) in try reader.string() }
                        } else {
                            try reader.skipValue()
                        }
                    }
                    return .listening(streams)
                case "trade_updates":
                    return .tradeUpdate(try AlpacaTradeUpdate(reading: &data))
                default:
                    return .other(stream)
                }
            }
        }.get()
    }
}
