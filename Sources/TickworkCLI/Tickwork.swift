import CommandLineKit
import Lifecycle
import StrategyKit

/// The `tickwork` command-line tool.
public enum Tickwork {
    /// The tool's version.
    public static let version = "0.1.0"

    /// Runs the tool on `arguments` (without the program name) and returns the exit status:
    /// 0 success, 1 a runtime failure (one line on stderr), 64 a usage error (usage on stderr).
    /// Commands may return other documented statuses (`ledger verify` returns 2 for a corrupt ledger).
    /// Call it first in the process's `main`, on the main thread: it blocks the command's
    /// `earlySignals` before the command starts any thread.
    public static func main(_ arguments: [String]) -> Int32 {
        main(arguments, root: CommandTree.root, blocksEarlySignals: true)
    }

    /// Runs the command tree `root` on `arguments`, as `main(_:)` runs `tickwork`'s; the
    /// command's `earlySignals` are blocked only when `blocksEarlySignals` (not in a test
    /// process, whose other threads would not block them).
    static func main(_ arguments: [String], root: Command, blocksEarlySignals: Bool = false) -> Int32 {
        let outcome: ParseOutcome
        do {
            outcome = try ArgumentParser.parse(arguments, root: root)
        } catch {
            usageError(error.message, command: error.command, path: error.path)
            return 64
        }
        switch outcome {
        case .version:
            Console.out("tickwork \(version) (StrategyKit SDK \(SDKVersion.current))")
            return 0
        case .help(let command, let path):
            Console.out(HelpFormatter.help(command, path: path), terminator: "")
            return 0
        case .run(let command, let invocation):
            guard let run = command.run else { return 0 }
            for warning in invocation.warnings { Console.err("tickwork: warning: \(warning)") }
            if invocation.isGiven(DefaultConfiguration.verbose) { Console.beVerbose() }
            if blocksEarlySignals && !command.earlySignals.isEmpty { EarlySignals.block(command.earlySignals) }
            do {
                return try run(invocation)
            } catch let error as CLIError {
                if case .usage(let message) = error {
                    usageError(message, command: command, path: invocation.path)
                    return 64
                }
                Console.err("tickwork: \(error)")
                return 1
            } catch {
                Console.err("tickwork: \(error)")
                return 1
            }
        }
    }

    private static func usageError(_ message: String, command: Command, path: [String]) {
        Console.err("tickwork: \(message)\n")
        Console.err(HelpFormatter.usageLine(command, path: path))
        Console.err("Run '\(path.joined(separator: " ")) --help' for more.")
    }
}
