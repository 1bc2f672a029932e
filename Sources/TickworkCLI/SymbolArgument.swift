import CommandLineKit
import StrategyKit

/// The symbol a command acts on, given as its `SYMBOL` argument as in every command; `record`,
/// `tail` and `history` took `--symbol S`, which stays for one release, hidden and warned about.
enum SymbolArgument {
    /// The old spelling.
    static let deprecatedOption: Option<Symbol?> = Option<Symbol?>.optional(
        "--symbol", "S", help: "The symbol (deprecated: give it as the SYMBOL argument).", parse: .name()
    ).hidden(deprecation: "give the symbol as the SYMBOL argument")

    /// An optional `SYMBOL` argument with `help`.
    static func optional(help: String) -> Argument<Symbol?> {
        .optional("SYMBOL", help: help, parse: .name())
    }

    /// The symbol given as `argument` or with the old option; nil when neither. Both at once
    /// is a usage error.
    static func value(_ invocation: Invocation, _ argument: Argument<Symbol?>) throws(CLIError) -> Symbol? {
        let old = invocation[deprecatedOption]
        if let given = invocation[argument], let old, given != old {
            throw .usage("SYMBOL \(given) and --symbol \(old) disagree; give the symbol once, as SYMBOL")
        }
        return invocation[argument] ?? old
    }
}
