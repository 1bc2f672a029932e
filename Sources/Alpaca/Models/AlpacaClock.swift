import StrategyKit
import Wire

/// `GET /v2/clock`: whether the market is open now and when it next opens and closes.
public struct AlpacaClock: Sendable, Hashable {
    /// The API's time of the answer.
    public var timestamp: Timestamp
    public var isOpen: Bool
    public var nextOpen: Timestamp
    public var nextClose: Timestamp

    public init(timestamp: Timestamp, isOpen: Bool, nextOpen: Timestamp, nextClose: Timestamp) {
        self.timestamp = timestamp
        self.isOpen = isOpen
        self.nextOpen = nextOpen
        self.nextClose = nextClose
    }

    /// Reads the clock object at `reader`; every field is required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var timestamp: Timestamp?, isOpen: Bool?, nextOpen: Timestamp?, nextClose: Timestamp?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("timestamp") { timestamp = try reader.timestamp() }
            else if key.equals("is_open") { isOpen = try reader.bool() }
            else if key.equals("next_open") { nextOpen = try reader.timestamp() }
            else if key.equals("next_close") { nextClose = try reader.timestamp() }
            else { try reader.skipValue() }
        }
        guard let timestamp, let isOpen, let nextOpen, let nextClose else {
            throw .refused("clock: timestamp, is_open, next_open and next_close are required")
        }
        self.init(timestamp: timestamp, isOpen: isOpen, nextOpen: nextOpen, nextClose: nextClose)
    }
}
