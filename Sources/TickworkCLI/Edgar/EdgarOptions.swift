import CommandLineKit
import Edgar
import FoundationEssentials
import History

/// The options `tickwork filings` and `facts` share beside `EdgarConnection`'s and the
/// history's.
enum EdgarOptions {
    static let offline: Option<Bool> = .flag(
        "--offline", help: "Answer from the history database alone: no request, no User-Agent needed.")

    /// A ticker as EDGAR's company list spells it (`brk.b` → `BRK-B`): letters, digits and
    /// `.`, `-`, `/`, at most 12.
    static let ticker = ValueParser<String> { text throws(ValueError) in
        let ticker = CompanyTicker.normalized(text)
        guard (1...12).contains(ticker.count),
            ticker.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { throw .expected("a ticker such as AAPL or BRK.B") }
        return ticker
    }

    /// Refuses `--json` with `--csv`, and the EDGAR options with `--offline`, which makes no
    /// request for them to shape.
    @Sendable static func validate(_ invocation: Invocation) throws(CLIError) {
        try HistoryOptions.validateOutput(invocation)
        guard invocation[offline] else { return }
        for option in EdgarConnection.options where invocation.isGiven(option) {
            throw .usage("--offline makes no request: \(option.spec.name) has nothing to do")
        }
    }

    /// What `filings` and `facts` work with: the history and, unless `--offline`, the EDGAR
    /// client (`EdgarConnection`, over the configuration `--config` names). Online the history
    /// is opened for writing (`HistoryOptions.openForEdgar`), offline as every history command
    /// reads it (`HistoryOptions.open`). Nil when the client cannot be made (no usable
    /// `User-Agent`, a base URL that is none), said in one line on stderr before any request
    /// or file: the command exits 64.
    static func open(_ invocation: Invocation) throws -> (client: EdgarClient?, database: HistoryDatabase)? {
        if invocation[offline] { return (nil, try HistoryOptions.open(invocation)) }
        let configuration = try DefaultConfiguration.load(invocation[HistoryOptions.config])
        let client: EdgarClient
        do throws(EdgarError) {
            client = try EdgarConnection.client(invocation, configuration: configuration, environment: ProcessInfo.processInfo.environment)
        } catch {
            Console.err("tickwork: \(error)")
            return nil
        }
        return (client, try HistoryOptions.openForEdgar(invocation, configuration: configuration))
    }
}
