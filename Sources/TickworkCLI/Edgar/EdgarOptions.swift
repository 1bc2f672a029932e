import CommandLineKit
import Edgar

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
}
