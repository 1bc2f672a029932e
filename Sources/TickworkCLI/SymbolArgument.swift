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

    /// Any number of `SYMBOL...` arguments with `help` (`record`).
    static func list(help: String) -> Argument<[Symbol]> {
        .zeroOrMore("SYMBOL...", help: help, parse: .name())
    }

    /// The symbols given as `argument`, or the one of the old option; empty when neither. Both
    /// at once, unless they say the same one symbol, is a usage error.
    static func values(_ invocation: Invocation, _ argument: Argument<[Symbol]>) throws(CLIError) -> [Symbol] {
        let given = invocation[argument]
        guard let old = invocation[deprecatedOption] else { return given }
        guard given.isEmpty || given == [old] else {
            throw .usage("SYMBOL \(given.map(\.rawValue).joined(separator: " ")) and --symbol \(old) disagree; give the symbols as SYMBOL...")
        }
        return [old]
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
