import CommandLineKit

/// Every command of `tickwork`, as data. Each subcommand's definition and code live in
/// `Subcommands/`; only commands that work are registered here. Every runnable command takes
/// `--verbose`, added here.
enum CommandTree {
    static let root = Command(
        name: "tickwork",
        summary: "Tickwork: an algorithmic trading daemon for the StockFighter and Alpaca APIs, with plugin strategies.",
        subcommands: [
            Run.command,
            ExchangeServe.command,
            OperatorControl.halt,
            OperatorControl.reduceOnly,
            Resume.command,
            OperatorControl.flatten,
            Status.command,
            PlayLevel.command,
            Detect.command,
            Record.command,
            BacktestCommand.command,
            Command(name: "data", summary: "Download market history into day recordings, and list what is there.", subcommands: [DataDownload.command, DataList.command]),
            Command(
                name: "sweep", summary: "Run a backtest sweep as a Slurm job array: plan, submit, status, collect (or run here).",
                subcommands: [
                    SweepPlan.command, SweepSubmit.command, SweepStatus.command, SweepCollect.command, SweepRun.command, SweepRun.cell, SweepWalkForward.test,
                ]),
            Tail.command,
            Command(name: "ledger", summary: "Work with the fill ledger.", subcommands: [LedgerVerify.command]),
            HistoryCommand.command,
            FilingsCommand.command,
            FactsCommand.command,
            HeartbeatCall.command,
            BookCall.command,
            QuoteCall.command,
            Command(
                name: "order", summary: "Place, amend, inspect or cancel one order.",
                subcommands: [OrderPlaceCall.command, OrderReplaceCall.command, OrderStatusCall.status, OrderStatusCall.cancel]),
            OrdersCall.command,
            AccountCall.command,
            PositionsCall.command,
            ClockCall.command,
            BarsCall.command,
            NewsCall.command,
            ChartCall.command,
            Command(name: "strategies", summary: "Inspect strategy plugins.", subcommands: [StrategiesList.command]),
            Command(name: "config", summary: "Work with configuration files.", subcommands: [ConfigCheck.command]),
            Command(name: "notify", summary: "Check the notify webhooks.", subcommands: [NotifyTest.command]),
            WatchShow.group,
            Command(name: "symbols", summary: "Search and refresh the symbol directory.", subcommands: [SymbolsSearch.command, SymbolsRefresh.command]),
            Completion.command,
        ]
    ).addingToEveryCommand(DefaultConfiguration.verbose)
}
