import CommandLineKit
import Risk
import StockFighter
import StrategyKit
import Trading
import Wire

/// `tickwork resume`: the explicit way out of a halt.
enum Resume {
    static let command = Command(
        name: "resume",
        summary: "Resume trading after a halt (a strategy's, or the whole account's).",
        discussion: """
            A loss beyond maxLoss halts a strategy (or the account), and so does an order id \
            the exchange gave to two different orders (RISK_ORDER_ID_CLASH); the halt survives \
            restarts; only this command lifts it. It sets the scope active in the trading-state \
            file (the configuration's riskStatePath). A daemon that is running picks the change \
            up on SIGHUP (systemctl reload tickwork); one that is stopped, when it starts. If the \
            day's loss is still beyond the limit, the next check halts it again: raise maxLoss first.
            """,
        options: [config, strategy],
        run: run
    )

    static let config: Option<String?> = .optional(
        "--config", "FILE", help: "The configuration naming the state file (default: the embedded one).")
    static let strategy: Option<StrategyID?> = .optional(
        "--strategy", "ID", help: "The strategy to resume (default: the whole account).", parse: .name())

    static func run(_ invocation: Invocation) throws -> Int32 {
        let configuration = try DefaultConfiguration.load(invocation[Self.config])
        let scope = invocation[Self.strategy].map(TradingScope.strategy) ?? .account
        if case .strategy(let id) = scope, !configuration.strategies.contains(where: { $0.id == id }) {
            throw CLIError.failure("\(configuration.file): no strategy with id \(id)")
        }
        guard let state = try RiskStateFile.load(configuration.riskStatePath) else {
            Console.out("\(scope) is active: \(configuration.riskStatePath) does not exist, nothing has been halted")
            return 0
        }
        var checker = RiskChecker(limits: [:], accountLimits: configuration.accountRisk, state: state)
        guard let change = checker.resume(scope, now: WallClock.now()) else {
            Console.out("\(scope) is already active")
            return 0
        }
        try RiskStateFile.save(checker.state, to: configuration.riskStatePath)
        Console.out("\(scope): \(change.from.rawValue) -> \(change.to.rawValue) in \(configuration.riskStatePath); a running daemon applies it on SIGHUP")
        return 0
    }
}
