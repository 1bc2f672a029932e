import CommandLineKit
import FoundationEssentials
import Quotes
import Quoting
import StrategyKit

/// `tickwork watch add|rm|move|list`: editing the watch lists kept in the state directory.
enum WatchEdit {
    static let symbols: Argument<[Symbol]> = .oneOrMore("SYMBOL...", help: "One or more tickers, e.g. AAPL MSFT.", parse: .name())

    static let add = Command(
        name: "add",
        summary: "Add symbols to a watch list.",
        discussion: """
            A symbol is accepted when the symbol directory knows it or the quote source (--api) \
            quotes it; one unknown to both is refused with the nearest matches, and nothing is added.
            """,
        arguments: [symbols], options: [WatchListOptions.list, json] + QuoteSourceOptions.options, run: runAdd)
    static let remove = Command(
        name: "rm", summary: "Remove symbols from a watch list.", arguments: [symbols], options: [WatchListOptions.list, json], run: runRemove)
    static let move = Command(
        name: "move", summary: "Move a symbol to another place in a watch list.",
        arguments: [symbol], options: [WatchListOptions.list, to, before, json],
        validate: { invocation throws(CLIError) in
            guard (invocation[to] == nil) != (invocation[before] == nil) else { throw .usage("give --to N or --before SYMBOL, one of them") }
        },
        run: runMove)
    static let list = Command(
        name: "list", summary: "Print a watch list's symbols in order.", options: [WatchListOptions.list, json], run: runList)

    static let symbol: Argument<Symbol> = .required("SYMBOL", help: "The symbol to move.", parse: .name())
    static let to: Option<Int64?> = .optional("--to", "N", help: "Its new place, 1 being the top.", parse: .integer(in: 1...100_000))
    static let before: Option<Symbol?> = .optional("--before", "SYMBOL", help: "Put it just before this symbol.", parse: .name())
    static let json: Option<Bool> = .flag("--json", help: "Print the symbols (added, removed, or the list) as a JSON array.")

    static func runAdd(_ invocation: Invocation) throws -> Int32 {
        let wanted = invocation[symbols].map { Symbol($0.rawValue.uppercased()) }
        let store = try WatchListOptions.store()
        let directory = try DirectoryFile.load(stateDirectory: store.directory)
        let unknown = wanted.filter { directory.entry($0.rawValue) == nil }
        if !unknown.isEmpty {
            let opened = try QuoteSourceOptions(invocation)
            defer { opened.close() }
            for symbol in unknown {
                let known: Bool
                do throws(QuoteError) {
                    known = try opened.knows(symbol)
                } catch {
                    throw CLIError.failure("cannot check \(symbol.rawValue): \(error)")
                }
                guard known else {
                    let near = directory.search(symbol.rawValue, limit: 5).map(\.entry.symbol)
                    let hint = near.isEmpty ? "" : "; nearest: \(near.joined(separator: ", "))"
                    throw CLIError.failure("\(symbol.rawValue): unknown to the symbol directory and to \(opened.source.name)\(hint)")
                }
            }
        }
        let name = invocation[WatchListOptions.list]
        let added = try store.update { lists in lists.add(wanted, to: name) }
        if invocation[json] { Console.out(try JSONOutput.encode(added.map(\.rawValue))); return 0 }
        Console.out(added.isEmpty ? "\(name): nothing new" : "\(name): added \(added.map(\.rawValue).joined(separator: " "))")
        return 0
    }

    static func runRemove(_ invocation: Invocation) throws -> Int32 {
        let name = invocation[WatchListOptions.list]
        let removed = invocation[symbols].map { Symbol($0.rawValue.uppercased()) }
        try edit { lists throws(WatchLists.EditError) in try lists.remove(removed, from: name) }
        if invocation[json] { Console.out(try JSONOutput.encode(removed.map(\.rawValue))); return 0 }
        Console.out("\(name): removed \(removed.map(\.rawValue).joined(separator: " "))")
        return 0
    }

    static func runMove(_ invocation: Invocation) throws -> Int32 {
        let name = invocation[WatchListOptions.list]
        let moving = Symbol(invocation[symbol].rawValue.uppercased())
        if let position = invocation[to] {
            try edit { lists throws(WatchLists.EditError) in try lists.move(moving, to: Int(position), in: name) }
        } else if let other = invocation[before] {
            try edit { lists throws(WatchLists.EditError) in try lists.move(moving, before: Symbol(other.rawValue.uppercased()), in: name) }
        }
        let order = try WatchListOptions.load(WatchListOptions.store()).symbols(name).map(\.rawValue)
        Console.out(invocation[json] ? try JSONOutput.encode(order) : "\(name): \(order.joined(separator: " "))")
        return 0
    }

    static func runList(_ invocation: Invocation) throws -> Int32 {
        let name = invocation[WatchListOptions.list]
        let symbols = try WatchListOptions.load(WatchListOptions.store()).symbols(name)
        if invocation[json] {
            Console.out(try JSONOutput.encode(symbols.map(\.rawValue)))
        } else if symbols.isEmpty {
            Console.err("\(name): the watch list is empty; add symbols with 'tickwork watch add SYMBOL'")
        } else {
            Console.out(symbols.map(\.rawValue).joined(separator: "\n"))
        }
        return 0
    }

    /// Applies `change` to the saved lists; an edit refused is a failure naming the symbol.
    private static func edit(_ change: (inout WatchLists) throws(WatchLists.EditError) -> Void) throws {
        do {
            try WatchListOptions.store().update { lists in try change(&lists) }
        } catch let error as WatchLists.EditError {
            throw CLIError.failure("\(error)")
        } catch let error as WatchListStore.StoreError {
            throw CLIError.failure("\(error)")
        }
    }
}
