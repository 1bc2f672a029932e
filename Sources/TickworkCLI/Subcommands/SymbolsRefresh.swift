import CommandLineKit
import FoundationEssentials
import Quotes
import Quoting
import SystemIO

/// `tickwork symbols refresh`: rebuilds the symbol directory from a source's symbol list.
enum SymbolsRefresh {
    static let command = Command(
        name: "refresh",
        summary: "Rebuild the symbol directory from a source's list of symbols.",
        discussion: """
            Asks the source for every US symbol (Finnhub: /stock/symbol?exchange=US; the simulated \
            exchange answers with its own stocks; Alpaca: /v2/assets, its active US equities) and writes them, atomically, to symbols.csv in \
            the state directory, which 'symbols search' and 'watch add' then use instead of the \
            shipped directory. Finnhub's key is read from --key-file, else from the variable or \
            file --config's finnhub.apiKeyEnv or finnhub.apiKeyFile names, else from \
            $FINNHUB_API_KEY; Alpaca's as 'watch --api alpaca' reads it.
            """,
        options: QuoteSourceOptions.options + [JSONOutput.flag],
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        let opened = try QuoteSourceOptions(invocation)
        defer { opened.close() }
        let entries: [DirectoryEntry]
        do throws(QuoteError) {
            entries = try opened.symbols()
        } catch {
            throw CLIError.failure("\(error)")
        }
        guard !entries.isEmpty else { throw CLIError.failure("\(opened.symbolsEndpoint): the list is empty; the directory is unchanged") }
        // The symbols the shipped directory knows keep its CIKs and prominence; the others have none.
        let known = (try? SymbolDirectory.shipped())?.enriching(entries) ?? entries
        let directory = SymbolDirectory(known.sorted { $0.symbol < $1.symbol })
        let state = try StateDirectory.path(ProcessInfo.processInfo.environment)
        let path = DirectoryFile.path(stateDirectory: state)
        do throws(SystemCallError) {
            try DurableFile.makeDirectories(state)
            try DurableFile.replace(path, with: Array(directory.csv.utf8))
        } catch {
            throw CLIError.failure("\(path): cannot write the directory: \(error)")
        }
        if invocation[JSONOutput.flag] {
            Console.out(try JSONOutput.encode(["file": path, "symbols": String(directory.entries.count), "source": opened.source.name]))
        } else {
            Console.out("\(path): \(directory.entries.count) symbols from \(opened.source.name)")
        }
        return 0
    }
}
