import CommandLineKit
import StockFighter
import StrategyKit

/// `tickwork quote SYMBOL...`: the top of the book and the last trade.
enum QuoteCall {
    static let command = Command(
        name: "quote",
        summary: "Show a stock's quote: best bid and ask, sizes, depths and the last trade.",
        arguments: [symbol],
        options: ExchangeConnection.options,
        run: run
    )

    static let symbol: Argument<[String]> = .oneOrMore(
        "SYMBOL...", help: "The stock, e.g. FOOBAR; on Alpaca, several (AAPL MSFT, or AAPL,MSFT), in one request.", parse: .text)

    static func run(_ invocation: Invocation) throws -> Int32 {
        // Space- and comma-separated forms mix: `AAPL MSFT,TSLA` is three symbols.
        let symbols = invocation[Self.symbol].flatMap { $0.split(separator: ",") }.map { Symbol(String($0)) }
        if let alpaca = try AlpacaConnection.selected(invocation) { return try AlpacaCalls.quotes(alpaca, symbols: symbols) }
        guard symbols.count == 1 else { throw CLIError.usage("SYMBOL: one stock on the StockFighter API") }
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue
        let symbol = symbols[0]
        let quote = try connection.call { client throws(ExchangeError) in try await client.quote(venue: venue, symbol: symbol) }
        try connection.print(ExchangeJSON.Quote(quote)) { ExchangeOutput.text(quote) }
        return 0
    }
}
