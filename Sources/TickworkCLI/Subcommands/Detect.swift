import CommandLineKit
import Lifecycle
import StockFighter
import StrategyKit

/// `tickwork detect SYMBOL`: the detective of level making-amends (`InsiderDetective`) against
/// the exchange: finds the accounts trading the stock, watches their executions and names the
/// insider with the evidence.
enum Detect {
    static let command = Command(
        name: "detect",
        summary: "Find the account trading a stock on inside knowledge (level making-amends).",
        discussion: """
            Every second places an order of one share at a cent and cancels it, to learn where the order \
            numbers stand; asks about the orders just below it and about every order a watched account \
            trades with (a refusal names the owner); watches each account's executions feed and the \
            tickertape, opening again any that drops; after --duration names the account after whose trades the mid moved its way most, \
            per share, over --horizon. Needs the executions feeds open to anyone, as the game's were. \
            Exits 1 when nobody could be named.
            """,
        arguments: [symbol],
        options: [ExchangeConnection.config, ExchangeConnection.baseURL, ExchangeConnection.venue, ExchangeConnection.account, duration, horizon, json],
        run: run
    )

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The stock, e.g. FOOBAR.", parse: .name())
    static let duration: Option<Duration> = .defaulted(
        "--duration", "DURATION", default: .seconds(60), help: "How long to watch before naming anyone (default 60s).",
        parse: .duration(in: .seconds(1) ... .seconds(86_400)))
    static let horizon: Option<Duration> = .defaulted(
        "--horizon", "DURATION", default: .seconds(2), help: "How long after each fill the market's move is judged (default 2s).",
        parse: .duration(in: .milliseconds(10) ... .seconds(600)))

    /// The one `--json` the connection reads, with this command's units.
    static let json: Option<Bool> = .flag("--json", help: "Print the report as JSON (money and prices in units of $0.0001, as StrategyKit counts them).")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let connection = try ExchangeConnection(invocation)
        let feeds = try connection.feeds()
        let json = connection.json
        let detective = InsiderDetective(
            client: connection.client, feeds: feeds, venue: connection.venue, symbol: invocation[Self.symbol], account: connection.account,
            horizon: invocation[Self.horizon], log: { line in if !json { Console.err(line) } })
        let duration = invocation[Self.duration]
        let report: InsiderDetective.Report
        do {
            report = try runBlocking { try await detective.investigate(for: duration) }
        } catch {
            throw CLIError.failure("\(connection.endpoint): \(error)")
        }
        try connection.print(report) { text(report) }
        return report.suspect == nil ? 1 : 0
    }

    /// The report for people: the suspect, then each account's evidence.
    private static func text(_ report: InsiderDetective.Report) -> String {
        var lines = [report.suspect.map { "suspect: \($0.rawValue)" } ?? "suspect: nobody (no account has enough fills the market moved after)"]
        lines.append("\(report.accountsFound.count) accounts found trading \(report.symbol) on \(report.venue), \(report.probes) orders asked about")
        if !report.feedsRefused.isEmpty { lines.append("executions refused: \(report.feedsRefused.map(\.rawValue).joined(separator: " "))") }
        if report.feedsReopened > 0 { lines.append("\(report.feedsReopened) feeds opened again after they dropped") }
        lines += report.evidence.map(\.summary)
        return lines.joined(separator: "\n") + "\n"
    }
}
