import Brokerage
import CommandLineKit
import StockFighter
import StrategyKit

/// `tickwork order replace SYMBOL ID [--price CENTS] [--qty N]`: amends an open order in place
/// through `Broker.replace`.
enum OrderReplaceCall {
    static let command = Command(
        name: "replace",
        summary: "Amend an open order in place: its price, its quantity or both.",
        discussion: """
            Sends the amendment once (on Alpaca, PATCH /v2/orders/{id}) and shows the order that \
            replaces the old one, under the new id the venue gives it. --price is a stop's or \
            stop-limit's new stop price, any other order's new limit; a trailing stop has no \
            price to change. The replacing order carries the CLI's client order prefix (cli-), \
            so a daemon does not take it for its own. On a venue that cannot amend orders (the \
            StockFighter API) it fails: cancel the order and place another.
            """,
        arguments: [OrderStatusCall.symbol, OrderStatusCall.id],
        options: [price, qty] + ExchangeConnection.options,
        validate: { invocation throws(CLIError) in
            guard invocation[Self.price] != nil || invocation[Self.qty] != nil else { throw .usage("give --price PRICE, --qty N or both") }
        },
        run: run
    )

    static let price: Option<Price?> = .optional(
        "--price", "PRICE", help: "The new limit (or a stop's new stop price) in dollars, e.g. 51.00.",
        parse: .price(in: OrderPlacement.minPrice ... OrderPlacement.maxPrice))
    static let qty: Option<Int64?> = .optional("--qty", "N", help: "The new quantity in shares.", parse: .integer(in: 1...Int64(Int32.max)))

    static func run(_ invocation: Invocation) throws -> Int32 {
        let price = invocation[Self.price]
        let qty = invocation[Self.qty].map(Quantity.init(shares:))
        let symbol = invocation[OrderStatusCall.symbol]
        if let alpaca = try AlpacaConnection.selected(invocation) {
            try refuseUnkept(alpaca.broker(symbols: [symbol]).capabilities, at: alpaca.endpoint)
            return try AlpacaCalls.replace(alpaca, symbol: symbol, id: invocation[OrderStatusCall.id], price: price, qty: qty)
        }
        let connection = try ExchangeConnection(invocation)
        let broker = StockFighterBroker(client: connection.client, account: connection.account)
        try refuseUnkept(broker.capabilities, at: "\(connection.endpoint): venue \(connection.venue)")
        guard let number = Int64(invocation[OrderStatusCall.id]) else { throw CLIError.usage("ID: expected an integer order id") }
        let venue = connection.venue
        let order = try connection.callBroker { () throws(BrokerError) in
            try await broker.replace(venue: venue, symbol: symbol, id: OrderID(number), price: price, qty: qty)
        }
        try connection.print(ExchangeJSON.Order(order)) { ExchangeOutput.text(order) }
        return 0
    }

    /// Fails unless a venue with `capabilities` amends orders in place.
    private static func refuseUnkept(_ capabilities: VenueCapabilities, at endpoint: String) throws(CLIError) {
        guard !OrderFeature.replace.isKept(by: capabilities) else { return }
        throw .failure("\(endpoint): the venue cannot amend an order in place: cancel it (tickwork order cancel) and place another")
    }
}
