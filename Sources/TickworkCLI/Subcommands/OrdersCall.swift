import Alpaca
import CommandLineKit
import StockFighter
import StrategyKit

/// `tickwork orders [SYMBOL]`: the account's orders.
enum OrdersCall {
    static let command = Command(
        name: "orders",
        summary: "List the account's orders on the venue, open and closed.",
        arguments: [symbol],
        options: [status] + ExchangeConnection.options,
        run: run
    )

    static let symbol: Argument<Symbol?> = .optional("SYMBOL", help: "Only this stock's orders.", parse: .name())

    static let status: Option<ListOrders.Status> = .defaulted(
        "--status", "STATUS", default: .all, help: "open, closed or all (default).",
        parse: ValueParser { text throws(ValueError) in
            guard let status = ListOrders.Status(rawValue: text) else { throw .expected("open, closed or all") }
            return status
        })

    static func run(_ invocation: Invocation) throws -> Int32 {
        let status = invocation[Self.status]
        if let alpaca = try AlpacaConnection.selected(invocation) {
            return try AlpacaCalls.orders(alpaca, status: status, symbol: invocation[Self.symbol])
        }
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue
        let account = connection.account
        let symbol = invocation[Self.symbol]
        let orders = try connection.call { client throws(ExchangeError) in
            try await client.orders(venue: venue, account: account, symbol: symbol)
        }.filter { status == .all || $0.open == (status == .open) }
        try connection.print(orders.map(ExchangeJSON.Order.init)) { ExchangeOutput.text(orders) }
        return 0
    }
}
