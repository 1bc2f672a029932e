import Exchange
import StrategyKit

/// `tickwork order status SYMBOL ID` and `tickwork order cancel SYMBOL ID`.
enum OrderStatusCall {
    static let status = Command(
        name: "status",
        summary: "Show one order's state and fills.",
        arguments: arguments,
        options: ExchangeConnection.options,
        run: { try run($0, cancel: false) }
    )

    static let cancel = Command(
        name: "cancel",
        summary: "Cancel an order and show its final state (harmless on a closed order).",
        arguments: arguments,
        options: ExchangeConnection.options,
        run: { try run($0, cancel: true) }
    )

    private static let arguments = [
        ArgumentSpec("SYMBOL", help: "The order's stock, e.g. FOOBAR."),
        ArgumentSpec("ID", help: "The order id the exchange gave."),
    ]

    static func run(_ invocation: Invocation, cancel: Bool) throws -> Int32 {
        guard let id = Int64(invocation.argument(1) ?? "") else {
            throw CLIError.usage("ID: expected an integer order id, got \"\(invocation.argument(1) ?? "")\"")
        }
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue
        let symbol = Symbol(invocation.argument(0) ?? "")
        let order = try connection.call { client throws(ExchangeError) in
            cancel
                ? try await client.cancelOrder(venue: venue, symbol: symbol, id: OrderID(id))
                : try await client.orderStatus(venue: venue, symbol: symbol, id: OrderID(id))
        }
        try connection.print(ExchangeJSON.Order(order)) { ExchangeOutput.text(order) }
        return 0
    }
}
