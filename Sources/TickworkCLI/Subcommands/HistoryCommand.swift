import CommandLineKit
import History

/// `tickwork history`: the trading history's SQLite database, a projection of the ledger.
enum HistoryCommand {
    static let command = Command(
        name: "history",
        summary: "Query the trading history (fills, orders, denials, P&L) kept in SQLite.",
        discussion: """
            The history is a SQLite database (history.path of the configuration, default beside \
            the ledger) that projects the ledger's fills, with daily summaries per strategy and \
            symbol, and has tables for orders, risk denials and trading-state changes, and for \
            what SEC EDGAR says of companies (companies, filings, facts; history sql reads them). Every \
            command but rebuild catches it up with the configuration's ledger before reading \
            (making it when missing, rebuilding it as rebuild does when it is corrupt or does \
            not match the ledger), unless tickwork run writes it: then it reads it as it is, \
            which the daemon keeps caught up; --db FILE reads a database as it is. Only the \
            fills and daily summaries come from the ledger: the orders, denials and trading \
            states are in the history alone. Amounts are integers in the price \
            unit ($0.0001) in the database, --json and --csv; the table shows dollars. The schema \
            is in Sources/History/HISTORY.md. tickwork run keeps the fills and daily summaries \
            caught up as the ledger grows, and records its engine's orders, risk denials and \
            trading-state changes as they happen (a backtest's --history holds fills only).
            """,
        subcommands: [fills, orders, denials, pnl, sql, rebuild]
    )

    static let filters: [any OptionDeclaration] = [
        SymbolArgument.deprecatedOption, HistoryOptions.strategy, HistoryOptions.side, HistoryOptions.since, HistoryOptions.until,
    ]
    static let common: [any OptionDeclaration] = [HistoryOptions.config, HistoryOptions.database]

    static let fills = listing(
        "fills", summary: "List fills, oldest first.", filter: HistoryOptions.order) { try $0.fills($1) }
    static let orders = listing(
        "orders", summary: "List orders, oldest first (by the time sent).", filter: HistoryOptions.order) { try $0.orders($1) }
    static let denials = listing(
        "denials", summary: "List risk denials, oldest first.", filter: HistoryOptions.code) { try $0.denials($1) }

    /// A command that lists the rows `query` selects with the common filters, `filter` and
    /// `--limit`, in the output format asked for.
    static func listing<Record: HistoryRecord>(
        _ name: String, summary: String, filter: any OptionDeclaration,
        query: @escaping @Sendable (HistoryDatabase, HistoryFilter) throws -> [Record]
    ) -> Command {
        Command(
            name: name, summary: summary, arguments: [HistoryOptions.symbol], options: common + filters + [filter, HistoryOptions.limit] + HistoryOptions.output,
            validate: HistoryOptions.validateOutput,
            run: { invocation in
                let rows = try query(try HistoryOptions.open(invocation), HistoryOptions.filter(invocation))
                Console.out(HistoryOutput.render(rows, format: HistoryOptions.format(invocation)), terminator: "")
                return 0
            })
    }

    static let grouping: Option<HistoryGrouping> = .defaulted(
        "--by", "GROUP", default: .day, help: "Group by day (UTC), strategy or symbol (default day).",
        parse: .oneOf("day, strategy or symbol"))

    static let pnl = Command(
        name: "pnl", summary: "Fills, volume and realized P&L by day, strategy or symbol.",
        discussion: "Whole UTC days: --since and --until select the days they fall on (until's day excluded at midnight).",
        arguments: [HistoryOptions.symbol],
        options: common + [SymbolArgument.deprecatedOption, HistoryOptions.strategy, HistoryOptions.since, HistoryOptions.until, grouping]
            + HistoryOptions.output,
        validate: HistoryOptions.validateOutput,
        run: { invocation in
            let database = try HistoryOptions.open(invocation)
            let rows = try database.pnl(by: invocation[grouping], HistoryOptions.filter(invocation))
            // The key column is named after the grouping: day, strategy or symbol.
            let columns = [invocation[grouping].rawValue] + HistoryPnL.columns.dropFirst()
            let text = HistoryOutput.render(columns: columns, rows: rows.map(\.values), format: HistoryOptions.format(invocation))
            Console.out(text, terminator: "")
            return 0
        })

    static let statement: Argument<String> = .required("SQL", help: "One statement that reads, e.g. \"SELECT count(*) FROM fills\".")

    static let sql = Command(
        name: "sql", summary: "Run one read-only SQL statement on the history.",
        discussion: """
            The database is opened read-only (SQLITE_OPEN_READONLY) and only a statement SQLite \
            calls read-only is run: anything that writes is refused, and so is a second \
            statement. --csv and --json print each row as it comes, so a result of any size \
            (or one that never ends) holds one row at a time; the table, which needs every row \
            before it prints, is refused past \(HistoryOutput.tableRowLimit) rows. The tables and their columns are in \
            Sources/History/HISTORY.md.
            """,
        arguments: [statement], options: common + HistoryOptions.output,
        validate: HistoryOptions.validateOutput,
        run: { invocation in
            let path: String
            if let given = invocation[HistoryOptions.database] {
                path = given
            } else {
                path = try HistoryOptions.open(invocation).path
            }
            let cursor = try HistoryDatabase.readOnly(path: path).cursor(invocation[statement])
            try HistoryOutput.stream(cursor, format: HistoryOptions.format(invocation))
            return 0
        })

    static let ledger: Option<String?> = .optional("--ledger", "FILE", help: "The ledger to rebuild from (default: ledger.path).")
    static let rebuilt: Option<String?> = .optional("--db", "FILE", help: "The history database to rebuild (default: history.path).")

    static let rebuild = Command(
        name: "rebuild", summary: "Make the history database again from the ledger.",
        discussion: """
            Builds FILE.rebuild beside the database: the fills and daily summaries from the whole \
            ledger, the orders, risk denials and trading-state changes (which the ledger does not \
            hold) carried over from the database; then moves it over the database. When those \
            cannot be read from the old database, it is kept beside as FILE.before-rebuild-SECONDS, \
            said on stderr. Refused while another process writes the database (tickwork run, \
            whose history writer keeps it caught up): stop it first.
            """,
        options: [HistoryOptions.config, rebuilt, ledger, JSONOutput.flag],
        run: { invocation in
            let configuration = try DefaultConfiguration.load(invocation[HistoryOptions.config])
            let path = invocation[rebuilt] ?? configuration.historyPath
            let source = invocation[ledger] ?? configuration.ledger.path
            let count = try HistoryCatchUp.rebuild(path: path, ledger: source) { line in Console.err("tickwork: \(line)") }
            if invocation[JSONOutput.flag] {
                Console.out(try JSONOutput.encode(Rebuilt(database: path, ledger: source, fills: count)))
            } else {
                Console.out("\(path): rebuilt from \(source), \(count) fill\(count == 1 ? "" : "s")")
            }
            return 0
        })

    /// What `history rebuild --json` prints.
    struct Rebuilt: Encodable {
        var database: String
        var ledger: String
        var fills: Int
    }
}
