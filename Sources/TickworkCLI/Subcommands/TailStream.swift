import CommandLineKit
import Lifecycle
import StockFighter
import StrategyKit
import Wire

/// `tickwork tail --stream`: the account's executions live from the venue's WebSocket feed
/// (`.../ws/:account/venues/:venue/executions`), a row per fill, or with `--json` the feed's
/// messages as they come. A lost connection is a line on stderr and a reconnection with
/// back-off (`StreamReconnection`); ends on SIGINT, SIGTERM or after `--duration`. A
/// configuration whose exchange is Alpaca is refused (64) rather than sent to a feed it lacks.
enum TailStream {
    private static let headers = ["TIME (UTC)", "SYMBOL", "SIDE", "QTY", "PRICE", "ORDER", "STANDING", "INCOMING"]
    private static let widths = [23, 8, 4, 6, 9, 8, 13, 13]

    static func run(_ invocation: Invocation, symbol: Symbol?, duration: Duration?) throws -> Int32 {
        if invocation[ExchangeConnection.baseURL] == nil, case .alpaca = try DefaultConfiguration.load(invocation[ExchangeConnection.config]).exchange.api {
            throw CLIError.usage(
                "--stream reads StockFighter's executions feed, and the configuration's exchange is Alpaca, whose fills stream as "
                    + "trade_updates to a daemon with exchange.stream: follow its ledger with tickwork tail -f")
        }
        let connection = try ExchangeConnection(invocation)
        let endpoint = try connection.feeds()
        let json = connection.json
        if !json { Console.out(line(headers)) }
        let (account, venue) = (connection.account, connection.venue)
        let follow: @Sendable () async throws -> Void = {
            try await StreamReconnection.follow(
                "\(venue) executions of \(account)",
                open: { onEvent in StreamReconnection.Opened(close: try await endpoint.open(.executions, account: account, venue: venue, onEvent: onEvent)) },
                isEnd: { event in
                    if case .closed(let reason) = event { return reason }
                    return nil
                },
                handle: { event in
                    guard case .message(let bytes) = event else { return }
                    show(bytes, json: json, symbol: symbol)
                })
        }
        try runBlocking {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask(operation: follow)
                if let duration { group.addTask { try? await Task.sleep(for: duration) } }
                try await group.next()
                group.cancelAll()
            }
        }
        return 0
    }

    /// One message: its JSON line, or its row (a message that is no execution is said on stderr).
    private static func show(_ bytes: [UInt8], json: Bool, symbol: Symbol?) {
        let execution: StockFighterExecution
        do throws(JSONReadError) {
            execution = try StockFighterExecution(message: bytes)
        } catch {
            Console.err("tickwork: warning: not an execution: \(error)")
            return
        }
        guard symbol == nil || execution.order.symbol == symbol else { return }
        if json { return Console.out(String(decoding: bytes, as: UTF8.self)) }
        let order = execution.order
        let time = String(execution.filledAt.iso8601.prefix(23)).replacing("T", with: " ")
        Console.out(line([
            time, order.symbol.rawValue, order.side.rawValue, execution.filled.description, execution.price.description, order.id.description,
            "\(execution.standingID)\(execution.standingComplete ? " complete" : "")",
            "\(execution.incomingID)\(execution.incomingComplete ? " complete" : "")",
        ]))
    }

    private static func line(_ cells: [String]) -> String {
        zip(cells, widths).map { cell, width in cell + String(repeating: " ", count: max(0, width - cell.count)) }.joined(separator: "  ")
    }
}
