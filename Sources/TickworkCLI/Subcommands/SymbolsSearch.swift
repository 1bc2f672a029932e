import CommandLineKit
import FoundationEssentials
import Wire

/// `tickwork symbols search TEXT`: the symbol directory searched by ticker or name.
enum SymbolsSearch {
    static let command = Command(
        name: "search",
        summary: "Find symbols by ticker or any part of a company's name.",
        discussion: """
            Case- and accent-insensitive ("nestle" finds "Nestlé"). Best first: the exact ticker, \
            the company's exact name without Inc., Corp., Class A... ("apple" finds Apple Inc.), \
            tickers starting with TEXT, names with words starting with TEXT's words ("berkshire b"), \
            then names or tickers containing TEXT; ties by prominence (index members, then SEC \
            EDGAR's market-value order), then in name order. Searches symbols.csv in the \
            state directory once 'tickwork symbols refresh' has written one, else the directory \
            shipped with Tickwork (US index members and common ETFs). Exit status 1 when nothing \
            matches, with or without --json (which then prints []), as grep does.
            """,
        arguments: [text],
        options: [limit, json],
        run: run
    )

    static let text: Argument<String> = .required("TEXT", help: "A ticker or words of a name, e.g. AAPL or \"berkshire b\".")
    static let limit: Option<Int64> = .defaulted(
        "--limit", "N", default: 10, help: "Show at most N matches (default 10).", parse: .integer(in: 1...10_000))
    static let json: Option<Bool> = .flag("--json", help: "Print the matches as a JSON array.")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let directory = try DirectoryFile.load(stateDirectory: try StateDirectory.path(ProcessInfo.processInfo.environment))
        let matches = directory.search(invocation[Self.text], limit: Int(invocation[Self.limit]))
        if invocation[Self.json] {
            Console.out(try JSONOutput.encode(matches.map(\.entry)))
            return matches.isEmpty ? 1 : 0
        }
        guard !matches.isEmpty else {
            Console.err("no symbol matches \"\(invocation[Self.text])\"")
            return 1
        }
        let rows = [["SYMBOL", "NAME", "EXCHANGE", "TYPE"]] + matches.map { [$0.entry.symbol, $0.entry.name, $0.entry.exchange, $0.entry.type] }
        Console.out(TextTable.render(rows), terminator: "")
        return 0
    }
}
