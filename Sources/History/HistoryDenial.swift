import StrategyKit

/// An order the risk checker refused: what was asked, the stable code and the numbers.
public struct HistoryDenial: Hashable, Sendable, HistoryRecord {
    public var time: Timestamp
    public var strategy: StrategyID
    public var symbol: Symbol
    public var side: Side
    public var type: OrderType
    public var price: Price
    public var quantity: Quantity
    /// The risk code (`RISK_MAX_POSITION`, ...).
    public var code: String
    /// The limit hit, in the check's unit; nil when the check has no number.
    public var limit: Int64?
    /// The value that broke it, in the same unit.
    public var actual: Int64?
    public var message: String

    public init(
        time: Timestamp, strategy: StrategyID, symbol: Symbol, side: Side, type: OrderType, price: Price, quantity: Quantity,
        code: String, limit: Int64?, actual: Int64?, message: String
    ) {
        self.time = time
        self.strategy = strategy
        self.symbol = symbol
        self.side = side
        self.type = type
        self.price = price
        self.quantity = quantity
        self.code = code
        self.limit = limit
        self.actual = actual
        self.message = message
    }

    public static let columns = [
        "time_ns", "strategy", "symbol", "side", "order_type", "price_units", "qty_shares", "code", "limit_value",
        "actual_value", "message",
    ]

    public var values: [SQLiteValue] {
        [
            .integer(time.nanoseconds), .text(strategy.rawValue), .text(symbol.rawValue), .text(side.rawValue),
            .text(type.rawValue), .integer(price.units), .integer(quantity.shares), .text(code), SQLiteValue(limit),
            SQLiteValue(actual), .text(message),
        ]
    }
}
