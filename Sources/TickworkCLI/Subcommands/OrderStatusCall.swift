import CommandLineKit
import StockFighter
import StrategyKit

/// `tickwork order status SYMBOL ID` and `tickwork order cancel SYMBOL ID`.
enum OrderStatusCall {
    static let status = Command(
        name: "status",
        summary: "Show one order's state and fills.",
        arguments: [symbol, id],
        options: ExchangeConnection.options,
        run: { try run($0, cancel: false) }
    )

    static let cancel = Command(
        name: "cancel",
        summary: "Cancel an order and show its final state (harmless on a closed order).",
        arguments: [symbol, id],
        options: ExchangeConnection.options,
        run: { try run($0, cancel: true) }
    )

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The order's stock, e.g. FOOBAR.", parse: .name())
    static let id: Argument<String> = .required("ID", help: "The order id the exchange gave (an integer; on Alpaca a UUID).")

    static func run(_ invocation: Invocation, cancel: Bool) throws -> Int32 {
        if let alpaca = try AlpacaConnection.selected(invocation) {
            return try AlpacaCalls.status(alpaca, id: invocation[Self.id], cancel: cancel)
        }
        guard let number = Int64(invocation[Self.id]) else { throw CLIError.usage("ID: expected an integer order id") }
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue
        let symbol = invocation[Self.symbol]
        let id = OrderID(number)
        let order = try connection.call { client throws(ExchangeError) in
            cancel
                ? try await client.cancelOrder(venue: venue, symbol: symbol, id: id)
                : try await client.orderStatus(venue: venue, symbol: symbol, id: id)
        }
        try connection.print(ExchangeJSON.Order(order)) { ExchangeOutput.text(order) }
        return 0
    }
}
