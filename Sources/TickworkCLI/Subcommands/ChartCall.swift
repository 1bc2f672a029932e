import Alpaca
import CommandLineKit
import FoundationEssentials
@_spi(Host) import StrategyKit
import Wire

/// `tickwork chart SYMBOL [--day DATE] --out FILE.svg|FILE.html`: a day's intraday chart from
/// Alpaca's one-minute bars, with the previous close as the reference line.
enum ChartCall {
    static let command = Command(
        name: "chart",
        summary: "Draw a day's intraday price chart with volume and the previous close, as SVG or HTML (Alpaca's API only).",
        discussion: """
            The day runs from 00:00 to 24:00 UTC; the previous close is the close of the last \
            daily bar before it. The file is self-contained: no script, font or style from the network.
            """,
        arguments: [symbol],
        options: [day, out] + ExchangeConnection.options,
        validate: { invocation throws(CLIError) in
            let path = invocation[Self.out]
            guard path.hasSuffix(".svg") || path.hasSuffix(".html") else { throw .usage("--out: expected a FILE.svg or FILE.html") }
        },
        run: run
    )

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The stock, e.g. AAPL.", parse: .name())
    static let day: Option<Timestamp?> = .optional(
        "--day", "TIME", help: "The UTC day this time falls on: 2026-12-01, today, yesterday or Nd, as history's --since (default: today).",
        parse: HistoryTime.parser)
    static let out: Option<String> = .required("--out", "FILE", help: "Where to write the chart: FILE.svg or FILE.html.", parse: .text)

    static func run(_ invocation: Invocation) throws -> Int32 {
        guard let connection = try AlpacaConnection.selected(invocation) else {
            throw CLIError.usage("chart: the StockFighter API has no bars; use --api alpaca")
        }
        let symbol = invocation[Self.symbol]
        let start = (invocation[Self.day] ?? WallClock.now()).startOfUTCDay
        let end = start.advanced(byNanoseconds: Timestamp.nanosecondsPerDay)
        let (bars, daily) = try connection.call { client throws(AlpacaError) in
            let bars = try await client.bars(symbol, timeframe: .oneMinute, start: start, end: end)
            let daily = try await client.bars(symbol, timeframe: .oneDay, start: start.advanced(byNanoseconds: -10 * Timestamp.nanosecondsPerDay), end: start)
            return (bars, daily)
        }
        let chart = PriceChart(symbol: symbol, bars: bars, previousClose: daily.last { $0.time < start }?.close)
        let path = invocation[Self.out]
        do {
            try (path.hasSuffix(".html") ? chart.html() : chart.svg()).write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw CLIError.failure("\(path): cannot write the chart: \(error.systemReason)")
        }
        if connection.json {
            Console.out(try JSONOutput.encode(Drawn(file: path, symbol: symbol.rawValue, bars: bars.count, previousClose: chart.previousClose?.description)))
        } else {
            Console.out("\(path): \(symbol), \(bars.count) one-minute bars\(chart.previousClose.map { ", previous close \($0)" } ?? "")")
        }
        return 0
    }

    /// What `--json` prints: the file written and what it shows (the close in decimal dollars).
    struct Drawn: Encodable {
        var file: String
        var symbol: String
        var bars: Int
        var previousClose: String?
    }
}
