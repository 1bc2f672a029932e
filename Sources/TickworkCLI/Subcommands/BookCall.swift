import CommandLineKit
import StockFighter
import StrategyKit

/// `tickwork book SYMBOL`: the order book.
enum BookCall {
    static let command = Command(
        name: "book",
        summary: "Show a stock's order book.",
        discussion: "Every resting order, bids and asks side by side, best first, prices in dollars (--json: the API's shape, in cents).",
        arguments: [symbol],
        options: ExchangeConnection.options,
        run: run
    )

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The stock, e.g. FOOBAR.", parse: .name())

    static func run(_ invocation: Invocation) throws -> Int32 {
        if let alpaca = try AlpacaConnection.selected(invocation) {
            // Alpaca's stocks have no depth: the book is the latest quote.
            return try AlpacaCalls.quotes(alpaca, symbols: [invocation[Self.symbol]])
        }
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue
        let symbol = invocation[Self.symbol]
        let book = try connection.call { client throws(ExchangeError) in try await client.orderBook(venue: venue, symbol: symbol) }
        try connection.print(ExchangeJSON.Book(book)) { ExchangeOutput.text(book) }
        return 0
    }
}
