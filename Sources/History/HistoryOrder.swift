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

    public init(
        clientID: String, venueOrderID: OrderID?, venue: Venue, strategy: StrategyID, symbol: Symbol, side: Side,
        type: OrderType, price: Price, quantity: Quantity, sent: Timestamp, acknowledged: Timestamp? = nil,
        closed: Timestamp? = nil, state: String, filled: Quantity = .zero, averagePrice: Price? = nil
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
    }

    public static let columns = [
        "client_id", "venue_order_id", "venue", "strategy", "symbol", "side", "order_type", "price_units", "qty_shares",
        "sent_ns", "acknowledged_ns", "closed_ns", "state", "filled_shares", "average_price_units",
    ]

    public var values: [SQLiteValue] {
        [
            .text(clientID), SQLiteValue(venueOrderID?.rawValue), .text(venue.rawValue), .text(strategy.rawValue),
            .text(symbol.rawValue), .text(side.rawValue), .text(type.rawValue), .integer(price.units), .integer(quantity.shares),
            .integer(sent.nanoseconds), SQLiteValue(acknowledged?.nanoseconds), SQLiteValue(closed?.nanoseconds), .text(state),
            .integer(filled.shares), SQLiteValue(averagePrice?.units),
        ]
    }
}
