import CommandLineKit

/// `tickwork resume`: the explicit way out of a halt (or reduce-only).
enum Resume {
    static let command = Command(
        name: "resume",
        summary: "Resume trading after a halt or reduce-only (a strategy's, or the whole account's).",
        discussion: """
            A loss beyond maxLoss halts a strategy (or the account), and so do `tickwork halt` \
            and an order id the exchange gave to two different orders (RISK_ORDER_ID_CLASH); \
            the halt survives restarts; only this command lifts it. It asks the running daemon \
            through its control socket; with no daemon answering, it sets the scope active in \
            the trading-state file (the configuration's riskStatePath), read when the daemon \
            starts. If the day's loss is still beyond the limit, the next check halts it again: \
            raise maxLoss first.
            """,
        options: [OperatorControl.config, OperatorControl.strategy, OperatorControl.json],
        run: { try OperatorControl.run($0) { scope, _ in .resume(scope) } }
    )
}
