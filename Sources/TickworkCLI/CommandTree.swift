/// Every command of `tickwork`, as data. Each subcommand's definition and code live in
/// `Subcommands/`; only commands that work are registered here.
enum CommandTree {
    static let root = Command(
        name: "tickwork",
        summary: "Tickwork: an algorithmic trading daemon for the StockFighter API, with plugin strategies.",
        subcommands: [
            Run.command,
            ExchangeServe.command,
            Resume.command,
            PlayLevel.command,
            Record.command,
            BacktestCommand.command,
            Tail.command,
            Command(name: "ledger", summary: "Work with the fill ledger.", subcommands: [LedgerVerify.command]),
            HistoryCommand.command,
            HeartbeatCall.command,
            BookCall.command,
            QuoteCall.command,
            Command(
                name: "order", summary: "Place, inspect or cancel one order.",
                subcommands: [OrderPlaceCall.command, OrderStatusCall.status, OrderStatusCall.cancel]),
            OrdersCall.command,
            Command(name: "strategies", summary: "Inspect strategy plugins.", subcommands: [StrategiesList.command]),
            Command(name: "config", summary: "Work with configuration files.", subcommands: [ConfigCheck.command]),
        ]
    )
}
