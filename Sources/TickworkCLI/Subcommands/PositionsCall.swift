import Alpaca
import CommandLineKit
import StockFighter
import StrategyKit

/// `tickwork positions`: the account's positions, Alpaca's own or, on StockFighter, what the
/// fills of the account's orders on the venue add up to.
enum PositionsCall {
    static let command = Command(
        name: "positions",
        summary: "Show the account's positions (on StockFighter: the net shares of its orders' fills on the venue).",
        options: ExchangeConnection.options,
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        if let alpaca = try AlpacaConnection.selected(invocation) {
            let positions = try alpaca.call { client throws(AlpacaError) in try await client.positions() }
            try alpaca.print(positions.map(AlpacaJSON.Position.init)) { AlpacaOutput.text(positions) }
            return 0
        }
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue, account = connection.account
        let orders = try connection.call { client throws(ExchangeError) in try await client.orders(venue: venue, account: account) }
        var net: [Symbol: Int64] = [:]
        for order in orders {
            for fill in order.fills { net[order.symbol, default: 0] += order.side.sign * fill.qty.shares }
        }
        let held = net.filter { $0.value != 0 }.sorted { $0.key < $1.key }
        try connection.print(Dictionary(uniqueKeysWithValues: held.map { ($0.key.rawValue, $0.value) })) {
            guard !held.isEmpty else { return "no positions\n" }
            return TextTable.render([["SYMBOL", "QTY"]] + held.map { [$0.key.rawValue, String($0.value)] }, rightAligned: [1])
        }
        return 0
    }
}
