import CommandLineKit
import FoundationEssentials
import Ledger
import StrategyKit

/// `tickwork ledger verify`: check every entry of a ledger.
enum LedgerVerify {
    static let command = Command(
        name: "verify",
        summary: "Check every entry of a fill ledger.",
        discussion: """
            Reads the ledger and checks each line: its checksum, the chain to the line before, \
            the sequence (no gap, nothing out of order), the JSON and its fields, the running \
            position, cash and P&L. Exit status 0 when every line checks out, 2 when one does \
            not, naming the first bad line and why. --json prints a summary: entries, first and \
            last sequence, fills and volume per symbol, final positions and realized P&L (money \
            in integer units of $0.0001). Reads ledgers of format version 1 (cents) and 2.
            """,
        arguments: [file],
        options: [config, json],
        run: run
    )

    static let file: Argument<String?> = .optional("FILE", help: "The ledger (default: the configuration's ledger.path).")
    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the ledger (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let json: Option<Bool> = .flag("--json", help: "Print the summary as JSON.")

    static func run(_ invocation: Invocation) throws -> Int32 {
        let path = try invocation[Self.file] ?? DefaultConfiguration.load(invocation[Self.config]).ledger.path
        let verification = try LedgerVerification(path: path)
        let summary = verification.summary
        if invocation[Self.json] {
            Console.out(try JSONOutput.encode(summary))
        } else {
            Console.out(report(summary), terminator: "")
        }
        return verification.isClean ? 0 : 2
    }

    static func report(_ summary: LedgerSummary) -> String {
        let range = summary.lastSequence.map { " (sequence 1 to \($0))" } ?? ""
        var text: String
        if let fault = summary.firstFault {
            text = "\(summary.path): line \(fault.line) (byte \(fault.offset)): \(fault.message)\n"
            if fault.tornTail { text += "  the torn last line is cut off when the daemon next opens the ledger\n" }
            text += "  \(summary.entries) entr\(summary.entries == 1 ? "y before it checks" : "ies before it check") out\(range)\n"
        } else {
            text = "\(summary.path): ok, \(summary.entries) entr\(summary.entries == 1 ? "y" : "ies")\(range), \(summary.bytes) bytes\n"
        }
        guard !summary.symbols.isEmpty else { return text }
        let money = { (units: Int64) in Money(units: units).description }
        let rows = [["SYMBOL", "FILLS", "VOLUME", "POSITION", "AVG COST", "REALIZED"]] + summary.symbols.map {
            [$0.symbol, String($0.fills), String($0.volume), String($0.position), $0.averageCost.map(money) ?? "-", money($0.realizedPnL)]
        }
        return text + "\n" + TextTable.render(rows, indent: "  ", rightAligned: [1, 2, 3, 4, 5])
    }
}
