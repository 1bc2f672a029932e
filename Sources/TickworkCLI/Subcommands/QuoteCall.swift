import StockFighter
import StrategyKit

/// `tickwork quote SYMBOL`: the top of the book and the last trade.
enum QuoteCall {
    static let command = Command(
        name: "quote",
        summary: "Show a stock's quote: best bid and ask, sizes, depths and the last trade.",
        arguments: [symbol],
        options: ExchangeConnection.options,
        run: run
    )

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The stock, e.g. FOOBAR.", parse: .name())

    static func run(_ invocation: Invocation) throws -> Int32 {
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue
        let symbol = invocation[Self.symbol]
        let quote = try connection.call { client throws(ExchangeError) in try await client.quote(venue: venue, symbol: symbol) }
        try connection.print(ExchangeJSON.Quote(quote)) { ExchangeOutput.text(quote) }
        return 0
    }
}
