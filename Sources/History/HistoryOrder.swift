import StrategyKit

/// One order from placement to its end, as the engine reported it.
public struct HistoryOrder: Hashable, Sendable, HistoryRecord {
    /// Our client order id, the row's key.
    public var clientID: String
    /// The exchange's id, once it acknowledged the order.
    public var venueOrderID: OrderID?
    public var venue: Venue
    public var strategy: StrategyID
    public var symbol: Symbol
    public var side: Side
    public var type: OrderType
    public var price: Price
    public var quantity: Quantity
    public var sent: Timestamp
    public var acknowledged: Timestamp?
    public var closed: Timestamp?
    /// The last state seen (`sent`, `open`, `filled`, `cancelled`, `rejected`, ...).
    public var state: String
    public var filled: Quantity
    /// The average price of the fills so far; nil before the first.
    public var averagePrice: Price?
    /// The order's kind as venues name it (`OrderRequest.kind`): its type, or `stop`,
    /// `stop_limit`, `trailing_stop` for an order with a trigger.
    public var kind: String
    /// A stop's or stop-limit's stop price; nil for any other order.
    public var stopPrice: Price?
    public var timeInForce: TimeInForce
    /// The class of the group the order is a leg of; nil for an order in no group.
    public var orderClass: OrderClass?
    /// The group the order is a leg of: the client id of its first leg (a bracket's or OTO's
    /// entry, an OCO's take-profit); nil for an order in no group.
    public var group: String?

    public init(
        clientID: String, venueOrderID: OrderID?, venue: Venue, strategy: StrategyID, symbol: Symbol, side: Side,
        type: OrderType, price: Price, quantity: Quantity, sent: Timestamp, acknowledged: Timestamp? = nil,
        closed: Timestamp? = nil, state: String, filled: Quantity = .zero, averagePrice: Price? = nil, kind: String? = nil,
        stopPrice: Price? = nil, timeInForce: TimeInForce = .day, orderClass: OrderClass? = nil, group: String? = nil
    ) {
        self.clientID = clientID
        self.venueOrderID = venueOrderID
        self.venue = venue
        self.strategy = strategy
        self.symbol = symbol
        self.side = side
        self.type = type
        self.price = price
        self.quantity = quantity
        self.sent = sent
        self.acknowledged = acknowledged
        self.closed = closed
        self.state = state
        self.filled = filled
        self.averagePrice = averagePrice
        self.kind = kind ?? type.rawValue
        self.stopPrice = stopPrice
        self.timeInForce = timeInForce
        self.orderClass = orderClass
        self.group = group
    }

    /// The columns of schema 2 to 4, which a rebuild carries over from a database made before version 5.
    static let columnsBeforeKinds = [
        "client_id", "venue_order_id", "venue", "strategy", "symbol", "side", "order_type", "price_units", "qty_shares",
        "sent_ns", "acknowledged_ns", "closed_ns", "state", "filled_shares", "average_price_units",
    ]

    public static let columns = columnsBeforeKinds + ["order_kind", "stop_price_units", "time_in_force", "order_class", "order_group"]

    public var values: [SQLiteValue] {
        [
            .text(clientID), SQLiteValue(venueOrderID?.rawValue), .text(venue.rawValue), .text(strategy.rawValue),
            .text(symbol.rawValue), .text(side.rawValue), .text(type.rawValue), .integer(price.units), .integer(quantity.shares),
            .integer(sent.nanoseconds), SQLiteValue(acknowledged?.nanoseconds), SQLiteValue(closed?.nanoseconds), .text(state),
            .integer(filled.shares), SQLiteValue(averagePrice?.units), .text(kind), SQLiteValue(stopPrice?.units),
            .text(timeInForce.rawValue), SQLiteValue(orderClass?.rawValue), SQLiteValue(group),
        ]
    }
}
