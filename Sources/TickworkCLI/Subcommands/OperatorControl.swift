import CommandLineKit
import FoundationEssentials
import Ledger
import Live
import Monitor
import Risk
import StrategyKit
import Wire

/// `tickwork halt`, `reduce-only`, `flatten` (and `resume`'s work): an operator's command to
/// the daemon through its control socket (`Configuration.controlSocketPath`). When no daemon
/// answers there, halt, reduce-only and resume are written into the trading-state file instead
/// (read by the daemon when it starts), unless a daemon holds the ledger (one serving no socket
/// there, which would overwrite the file); flatten needs a running daemon.
enum OperatorControl {
    static let halt = Command(
        name: "halt",
        summary: "Halt trading (a strategy's, or the whole account's): cancel its orders, place nothing new.",
        discussion: """
            Asks the running daemon through its control socket: the scope turns halted (only \
            cancels pass), its open orders are cancelled, and the halt is saved in the \
            trading-state file, so it survives restarts until `tickwork resume`. With no daemon \
            running, the halt is written into the trading-state file for the next start.
            """,
        options: [config, strategy, reason, json],
        run: { try run($0) { .halt($0, reason: $1[reason]) } }
    )

    static let reduceOnly = Command(
        name: "reduce-only",
        summary: "Let a strategy (or the whole account) only reduce its positions, until resumed.",
        discussion: """
            Asks the running daemon through its control socket: only orders that bring a \
            position closer to flat pass the risk checks; saved in the trading-state file until \
            `tickwork resume`. With no daemon running, it is written into the file for the next start.
            """,
        options: [config, strategy, json],
        run: { try run($0) { scope, _ in .reduceOnly(scope) } }
    )

    static let flatten = Command(
        name: "flatten",
        summary: "Cancel a strategy's (or every) order and close its positions; needs the running daemon.",
        discussion: """
            The scope turns reduce-only, its open orders are cancelled, then each position is \
            closed with an immediate-or-cancel limit order priced across the touch as far as \
            the price collar (priceCollarBps) allows, through the risk checks; rounds repeat, \
            sized from the position once the last round's orders closed, until flat or five \
            rounds. Each step is in the daemon's log and every fill in the ledger. Exit 1 when \
            no daemon answers.
            """,
        arguments: [symbol],
        options: [config, strategy, SymbolArgument.deprecatedOption, json],
        run: { try run($0) { scope, invocation in .flatten(scope, symbol: try SymbolArgument.value(invocation, symbol)) } }
    )

    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the daemon's socket and state file (default: $TICKWORK_CONFIG, else the installed one, else the embedded one).")
    static let strategy: Option<StrategyID?> = .optional(
        "--strategy", "ID", help: "The strategy (default: the whole account).", parse: .name())
    static let reason: Option<String?> = .optional("--reason", "TEXT", help: "Why, for the daemon's log.")
    static let symbol = SymbolArgument.optional(help: "Close this symbol only (default: every symbol).")
    static let json: Option<Bool> = .flag("--json", help: "Print the outcome as a JSON object.")

    /// Sends the command `make` builds for the chosen scope, and prints what came of it.
    static func run(_ invocation: Invocation, _ make: (TradingScope, Invocation) throws -> OperatorCommand) throws -> Int32 {
        let configuration = try DefaultConfiguration.load(invocation[config])
        let scope = invocation[strategy].map(TradingScope.strategy) ?? .account
        if case .strategy(let id) = scope, !configuration.strategies.contains(where: { $0.id == id }) {
            throw CLIError.failure("\(configuration.file): no strategy with id \(id)")
        }
        return try send(make(scope, invocation), configuration: configuration, json: invocation[json])
    }

    /// Sends `command` to the daemon, or with none running writes it into the state file.
    static func send(_ command: OperatorCommand, configuration: Configuration, json: Bool) throws -> Int32 {
        let socket = configuration.controlSocketPath(environment: ProcessInfo.processInfo.environment)
        let report: ControlReport
        do throws(ControlClient.Failure) {
            report = ControlReport(via: "daemon", path: socket, outcome: try ControlClient(path: socket).send(command))
        } catch .noDaemon {
            // A daemon without a control socket would overwrite the file with its own states.
            if LedgerWriter.isHeld(configuration.ledger.path) {
                throw CLIError.failure(
                    "\(command.name): a daemon holds the ledger \(configuration.ledger.path) but none answers on \(socket); "
                        + "a change written to the state file would be lost: stop it first, or set controlSocket to the socket it serves")
            }
            guard let offline = try write(command, to: configuration.riskStatePath, strategies: configuration.strategies.map(\.id))
            else {
                throw CLIError.failure("\(command.name) needs the running daemon: none answers on \(socket)")
            }
            report = ControlReport(via: "state-file", path: configuration.riskStatePath, outcome: offline)
        } catch {
            throw CLIError.failure("\(command.name): \(error)")
        }
        if json {
            Console.out(try JSONOutput.encode(report))
        } else if report.via == "daemon" {
            Console.out("\(report.outcome.message) (daemon, \(socket))")
        } else {
            Console.out("\(report.outcome.message) (no daemon answers on \(socket); a daemon reads it when it starts)")
        }
        return report.outcome.ok ? 0 : 1
    }

    /// Writes `command`'s state into the trading-state file at `path` (as the daemon would),
    /// and returns the outcome; nil for a command that needs the daemon (flatten).
    static func write(_ command: OperatorCommand, to path: String, strategies: [StrategyID]) throws -> OperatorOutcome? {
        let target: TradingState
        switch command {
        case .halt: target = .halted
        case .reduceOnly: target = .reducing
        case .resume: target = .active
        case .flatten: return nil
        }
        let state = try RiskStateFile.load(path) ?? RiskState()
        var checker = RiskChecker(limits: [:], accountLimits: AccountRiskLimits(maxSymbolPosition: .zero, maxLoss: .zero), state: state)
        let scope = command.scope
        let message: String
        if let change = checker.setState(target, for: scope, now: WallClock.now()) {
            try RiskStateFile.save(checker.state, to: path)
            message = "\(scope): \(change.from.rawValue) -> \(change.to.rawValue) in \(path)"
        } else {
            message = "\(scope) is \(target.rawValue) already in \(path)"
        }
        return OperatorOutcome(
            ok: true, command: command.name, scope: scope.description, message: message, account: checker.state.account.state,
            strategies: Dictionary(uniqueKeysWithValues: strategies.map { ($0.rawValue, checker.state.status(of: .strategy($0)).state) }),
            cancels: 0)
    }
}

/// What `--json` prints: how the command went (`daemon` through its socket, `state-file` when
/// none answered), where, and the outcome.
struct ControlReport: Encodable {
    var via: String
    var path: String
    var outcome: OperatorOutcome
}
