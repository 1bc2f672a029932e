import StrategyKit
import Wire

/// One message of the executions feed with the fill's own fields, for a view of the feed
/// (`tickwork tail --stream`): the daemon needs only the order (`StockFighterStreamMessage.execution`).
public struct StockFighterExecution: Sendable, Hashable {
    /// The account's order, as of after the fill.
    public var order: OrderStatus
    public var standingID: Int64
    public var incomingID: Int64
    public var price: Price
    public var filled: Quantity
    public var filledAt: Timestamp
    public var standingComplete: Bool
    public var incomingComplete: Bool

    /// Reads an executions message (see `StockFighterStreamMessage`).
    public init(message: [UInt8]) throws(JSONReadError) {
        var standingID: Int64 = 0
        var incomingID: Int64 = 0
        var price = Price.zero
        var filled = Quantity.zero
        var filledAt = Timestamp(nanoseconds: 0)
        var standingComplete = false
        var incomingComplete = false
        try StockFighterStreamMessage.read(message) { reader, key throws(JSONReadError) in
            switch key {
            case "standingId": standingID = try reader.int64()
            case "incomingId": incomingID = try reader.int64()
            case "price": price = Price(cents: try reader.int64())
            case "filled": filled = Quantity(shares: try reader.int64())
            case "filledAt": filledAt = try reader.timestamp()
            case "standingComplete": standingComplete = try reader.bool()
            case "incomingComplete": incomingComplete = try reader.bool()
            default: return false
            }
            return true
        }
        order = try StockFighterStreamMessage.execution(message)
        self.standingID = standingID
        self.incomingID = incomingID
        self.price = price
        self.filled = filled
        self.filledAt = filledAt
        self.standingComplete = standingComplete
        self.incomingComplete = incomingComplete
    }
}
