import CommandLineKit
import Glibc
import History
import Live
import StrategyKit

/// The options every `tickwork history` command shares, and how they choose the database.
enum HistoryOptions {
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the ledger and history.path (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let database: Option<String?> = .optional(
        "--db", "FILE", help: "The history database itself, read as it is (not caught up with any ledger).")
    static let symbol = SymbolArgument.optional(help: "Only this symbol.")
    static let strategy: Option<StrategyID?> = .optional("--strategy", "ID", help: "Only this strategy.", parse: .name())
    static let side: Option<Side?> = .optional("--side", "SIDE", help: "Only buy or sell.", parse: .oneOf("buy or sell"))
    static let since: Option<Timestamp?> = .optional(
        "--since", "TIME", help: "From this time: an ISO date, or time (2026-12-01T10:30, UTC unless it names a zone), today, yesterday or Nd (N days ago).",
        parse: HistoryTime.parser)
    static let until: Option<Timestamp?> = .optional(
        "--until", "TIME", help: "Before this time, in the forms of --since.", parse: HistoryTime.parser)
    static let order: Option<Int64?> = .optional(
        "--order", "ID", help: "Only this exchange order id.", parse: .integer(in: 0...Int64.max))
    static let code: Option<String?> = .optional("--code", "CODE", help: "Only this risk code (RISK_MAX_POSITION, ...).")
    static let limit: Option<Int64?> = .optional(
        "--limit", "N", help: "Only the last N rows.", parse: .integer(in: 1...100_000_000))
    static let json: Option<Bool> = .flag("--json", help: "Print a JSON array of rows, amounts as integers in the price unit.")
    static let csv: Option<Bool> = .flag("--csv", help: "Print CSV with a header line, amounts as integers in the price unit.")

    static let output: [any OptionDeclaration] = [json, csv]

    /// Refuses `--json` with `--csv`.
    @Sendable static func validateOutput(_ invocation: Invocation) throws(CLIError) {
        if invocation[json] && invocation[csv] { throw .usage("--json and --csv exclude each other") }
    }

    static func format(_ invocation: Invocation) -> HistoryOutput.Format {
        invocation[json] ? .json : invocation[csv] ? .csv : .table
    }

    /// The filter the options given make (each command declares the elements its table has).
    static func filter(_ invocation: Invocation) throws(CLIError) -> HistoryFilter {
        func value<Value>(_ option: Option<Value?>) -> Value? {
            invocation.declares(option) ? invocation[option] : nil
        }
        // A command that filters by symbol takes SYMBOL and the old --symbol.
        let symbol = invocation.declares(SymbolArgument.deprecatedOption) ? try SymbolArgument.value(invocation, Self.symbol) : nil
        return HistoryFilter(
            symbol: symbol, strategy: value(strategy), side: value(side), since: value(since), until: value(until),
            orderID: value(order).map { OrderID(rawValue: $0) }, code: value(code), limit: value(limit).map { Int($0) })
    }

    /// The database to read: `--db` as it is, read-only; otherwise `history.path` of the
    /// configuration, caught up with its ledger first (made when missing, rebuilt when it does
    /// not match the ledger, with a line on stderr saying so), or as it is while the daemon
    /// writes it (`HistoryCatchUp.open`).
    static func open(_ invocation: Invocation) throws -> HistoryDatabase {
        if let path = invocation[database] { return try HistoryDatabase.readOnly(path: path) }
        let configuration = try DefaultConfiguration.load(invocation[config])
        return try HistoryCatchUp.open(path: configuration.historyPath, ledger: configuration.ledger.path) { line in
            Console.err("tickwork: \(line)")
        }
    }
}

extension HistoryOptions {
    /// The database a command that stores what SEC EDGAR said writes to: `--db` (made when
    /// missing), else `history.path` of `configuration`, the one `--config` chose
    /// (`openForEdgar(historyPath:ledger:)`).
    static func openForEdgar(_ invocation: Invocation, configuration: Configuration) throws -> HistoryDatabase {
        if let path = invocation[database] { return try HistoryDatabase(path: path) }
        return try openForEdgar(historyPath: configuration.historyPath, ledger: configuration.ledger.path)
    }

    /// The history at `historyPath` for writing EDGAR's rows: opened as it is when it exists
    /// (EDGAR's tables come from no ledger, so nothing needs catching up, and SQLite lets this
    /// write beside the daemon's writer), else made from `ledger` first, or made empty while
    /// there is no ledger (its fills are caught up once there is one).
    static func openForEdgar(historyPath: String, ledger: String) throws -> HistoryDatabase {
        if access(historyPath, F_OK) == 0 || access(ledger, F_OK) != 0 { return try HistoryDatabase(path: historyPath) }
        return try HistoryCatchUp.open(path: historyPath, ledger: ledger) { line in
            Console.err("tickwork: \(line)")
        }
    }
}
