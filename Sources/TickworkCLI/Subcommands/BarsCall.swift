import Alpaca
import CommandLineKit
import StrategyKit
import Wire

/// `tickwork bars SYMBOL [--timeframe 1Min] [--from TIME] [--to TIME] [--json|--csv]`: a
/// stock's bars from Alpaca's market-data API, every page.
enum BarsCall {
    static let command = Command(
        name: "bars",
        summary: "Show a stock's price bars (open, high, low, close, volume) from Alpaca's market data.",
        discussion: "Follows every page (next_page_token) of the range. Alpaca's API only.",
        arguments: [symbol],
        options: [timeframe, from, to, csv] + ExchangeConnection.options,
        validate: { invocation throws(CLIError) in
            if invocation[Self.csv], invocation[ExchangeConnection.json] { throw .usage("--csv: not together with --json") }
        },
        run: run
    )

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The stock, e.g. AAPL.", parse: .name())
    static let timeframe: Option<AlpacaTimeframe> = .defaulted(
        "--timeframe", "TF", default: .oneMinute, help: "1Min...59Min, 1Hour...23Hour, 1Day, 1Week or 1Month...12Month (default 1Min).",
        parse: ValueParser { text throws(ValueError) in
            guard let timeframe = AlpacaTimeframe(rawValue: text) else { throw .expected("a timeframe such as 1Min, 15Min, 1Hour or 1Day") }
            return timeframe
        })
    static let from: Option<Timestamp?> = .optional(
        "--from", "TIME", help: "The first bar's time, as history's --since takes it: ISO-8601, today, yesterday or Nd (default: Alpaca's).",
        parse: HistoryTime.parser)
    static let to: Option<Timestamp?> = .optional("--to", "TIME", help: "The last bar's time, in the forms of --from (default: now).", parse: HistoryTime.parser)
    static let csv: Option<Bool> = .flag("--csv", help: "Print CSV: time,open,high,low,close,volume,trades.")

    static func run(_ invocation: Invocation) throws -> Int32 {
        guard let connection = try AlpacaConnection.selected(invocation) else {
            throw CLIError.usage("bars: the StockFighter API has no bars; use --api alpaca")
        }
        let symbol = invocation[Self.symbol], timeframe = invocation[Self.timeframe]
        let start = invocation[Self.from], end = invocation[Self.to]
        let bars = try connection.call { client throws(AlpacaError) in
            try await client.bars(symbol, timeframe: timeframe, start: start, end: end)
        }
        if invocation[Self.csv] {
            var text = "time,open,high,low,close,volume,trades\n"
            for bar in bars {
                text += "\(bar.time.iso8601),\(bar.open.description),\(bar.high.description),"
                text += "\(bar.low.description),\(bar.close.description),\(bar.volume),\(bar.tradeCount)\n"
            }
            Console.out(text, terminator: "")
            return 0
        }
        try connection.print(bars.map(Bar.init)) {
            guard !bars.isEmpty else { return "no bars\n" }
            let rows = [["TIME", "OPEN", "HIGH", "LOW", "CLOSE", "VOLUME"]] + bars.map { bar in
                [bar.time.iso8601, "$\(bar.open)", "$\(bar.high)", "$\(bar.low)", "$\(bar.close)", String(bar.volume)]
            }
            return TextTable.render(rows, rightAligned: [1, 2, 3, 4, 5])
        }
        return 0
    }

    /// A bar as JSON, in Alpaca's keys.
    struct Bar: Encodable {
        var t, o, h, l, c: String
        var v, n: Int64

        init(_ bar: AlpacaBar) {
            t = bar.time.iso8601
            o = bar.open.description
            h = bar.high.description
            l = bar.low.description
            c = bar.close.description
            v = bar.volume
            n = bar.tradeCount
        }
    }
}
