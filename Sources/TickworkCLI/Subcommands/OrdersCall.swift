import StockFighter
import StrategyKit

/// `tickwork orders [SYMBOL]`: the account's orders.
enum OrdersCall {
    static let command = Command(
        name: "orders",
        summary: "List the account's orders on the venue, open and closed.",
        arguments: [symbol],
        options: ExchangeConnection.options,
        run: run
    )

    static let symbol: Argument<Symbol?> = .optional("SYMBOL", help: "Only this stock's orders.", parse: .name())

    static func run(_ invocation: Invocation) throws -> Int32 {
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue
        let account = connection.account
        let symbol = invocation[Self.symbol]
        let orders = try connection.call { client throws(ExchangeError) in
            try await client.orders(venue: venue, account: account, symbol: symbol)
        }
        try connection.print(orders.map(ExchangeJSON.Order.init)) { ExchangeOutput.text(orders) }
        return 0
    }
}
