import CommandLineKit
import FoundationEssentials
import Glibc
import Ledger
import StrategyKit

/// `tickwork tail`: the last fills of the ledger as a table, and with `-f` new ones as they land.
enum Tail {
    static let command = Command(
        name: "tail",
        summary: "Show the last fills of the ledger; with -f, follow new ones as they land.",
        discussion: """
            Prints the last --limit fills (default 10) as a table: time (UTC), strategy, symbol, side, \
            quantity, price in dollars, and the strategy's position and realized P&L in that \
            symbol after the fill. With -f it keeps printing fills as another process appends \
            them, each batch followed by a running total line, until interrupted; it follows the \
            file through rotation and truncation, and waits for a ledger that does not exist \
            yet. --json prints the ledger lines themselves. \
            Every line is checked as it is read; a corrupt ledger stops the command with the line \
            at fault. Colour only on a terminal, and never when NO_COLOR is set. \
            With --stream it shows instead the account's executions live from the venue's \
            StockFighter feed (the configuration's exchange, or --base-url, --venue, --account): \
            time of the fill, symbol, side, quantity, price, the account's order, and the standing \
            and incoming orders' ids, marked complete when the fill completed them; --json prints \
            the feed's messages. A lost connection is a line on stderr and a reconnection with \
            back-off; it runs until interrupted, or for --duration.
            """,
        arguments: [symbol],
        options: [
            ledger, config, follow, limit, SymbolArgument.deprecatedOption, strategy, json, stream, ExchangeConnection.baseURL,
            ExchangeConnection.venue, ExchangeConnection.account, duration,
        ],
        run: run
    )

    static let ledger: Option<String?> = .optional(
        "--ledger", "FILE", help: "The ledger (default: the configuration's ledger.path).")
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the ledger (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let follow: Option<Bool> = .flag("--follow", short: "-f", help: "Keep printing fills as they are appended.")
    static let limit: Option<Int64> = Option<Int64>.defaulted(
        "--limit", "N", short: "-n", default: 10, help: "How many fills to show first (default 10).", parse: .integer(in: 0...1_000_000)
    ).deprecatedAlias("--lines")
    static let symbol = SymbolArgument.optional(help: "Only fills of this symbol.")
    static let strategy: Option<String?> = .optional("--strategy", "ID", help: "Only fills of this strategy.")
    static let json: Option<Bool> = .flag("--json", help: "Print the ledger's lines (JSON Lines) instead of a table; with --stream, the feed's messages.")
    static let stream: Option<Bool> = .flag("--stream", help: "Show the account's executions live from the venue's feed instead of the ledger.")
    static let duration: Option<Duration?> = .optional(
        "--duration", "DURATION", help: "With --stream, stop after this long (e.g. 30s, 2h).",
        parse: .duration(in: .seconds(1) ... .seconds(31_536_000), bareNumberIn: .seconds))

    static func run(_ invocation: Invocation) throws -> Int32 {
        if invocation[Self.stream] {
            for option in [Self.ledger, Self.strategy] as [any OptionDeclaration] + [Self.follow, Self.limit] where invocation.isGiven(option) {
                throw CLIError.usage("\(option.spec.name) is for the ledger, not --stream")
            }
            return try TailStream.run(invocation, symbol: try SymbolArgument.value(invocation, Self.symbol), duration: invocation[Self.duration])
        }
        let path = try invocation[Self.ledger] ?? DefaultConfiguration.load(invocation[Self.config]).ledger.path
        let count = Int(invocation[Self.limit])
        let filter = TailFilter(symbol: try SymbolArgument.value(invocation, Self.symbol)?.rawValue, strategy: invocation[Self.strategy])
        let json = invocation[Self.json]
        let follow = invocation[Self.follow]
        var last: [LedgerEntry] = []
        let state: LedgerState
        do {
            state = try LedgerReader.forEach(in: path) { entry in
                guard count > 0, filter.matches(entry) else { return }
                last.append(entry)
                // Trim in blocks: removing the first element on every fill would be quadratic.
                if last.count >= 2 * count { last.removeFirst(last.count - count) }
            }
        } catch {
            // Like tail -F: a ledger the daemon has not created yet is waited for.
            guard follow, case .system(_, "open", ENOENT) = error else { throw error }
            Console.err("tickwork: \(path) does not exist yet; waiting for it")
            state = LedgerState()
        }
        let shown = Array(last.suffix(count))
        let table = TailTable(colour: Console.colorsStdout && !json, fitting: shown)
        if json {
            for entry in shown { Console.out(entry.line, terminator: "") }
        } else {
            Console.out(table.header)
            for entry in shown { Console.out(table.row(entry)) }
        }
        guard follow else { return 0 }
        let follower = LedgerFollower(path: path, from: state.lastSequence + 1)
        var totals = TailTotals()
        try follower.follow(until: { false }) { events in
            var printed = false
            for event in events {
                switch event {
                case .entry(let entry):
                    guard filter.matches(entry) else { continue }
                    totals.add(entry)
                    printed = true
                    Console.out(json ? entry.line : table.row(entry), terminator: json ? "" : "\n")
                case .restarted(let reason):
                    if !json { Console.err("tickwork: \(path): ledger \(reason == .replaced ? "replaced" : "truncated"), following it from its start") }
                }
            }
            if printed, !json {
                Console.out(table.totals(totals, realized: filter.realizedPnL(in: follower.state)))
            }
        }
        return 0
    }
}

/// Which fills `tail` shows.
struct TailFilter {
    var symbol: String?
    var strategy: String?

    func matches(_ entry: LedgerEntry) -> Bool {
        (symbol == nil || entry.fill.symbol.rawValue == symbol) && (strategy == nil || entry.fill.strategyID.rawValue == strategy)
    }

    /// The realized P&L of the holdings the filter selects.
    func realizedPnL(in state: LedgerState) -> Money {
        state.holdings.reduce(Money.zero) { sum, item in
            let (key, holding) = item
            let selected = (symbol == nil || key.symbol.rawValue == symbol) && (strategy == nil || key.strategy.rawValue == strategy)
            return selected ? sum + holding.position.realizedPnL : sum
        }
    }
}

/// What `tail -f` has printed since it started following.
struct TailTotals {
    var fills = 0
    var bought = Quantity.zero
    var sold = Quantity.zero

    mutating func add(_ entry: LedgerEntry) {
        fills += 1
        if entry.fill.side == .buy { bought += entry.fill.qty } else { sold += entry.fill.qty }
    }
}
