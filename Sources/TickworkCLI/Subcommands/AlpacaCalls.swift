import Alpaca
import CommandLineKit
import FoundationEssentials
import StrategyKit

/// The one-call commands on Alpaca's API: what `order place|status|cancel`, `orders`, `quote`,
/// `book` and `heartbeat` do when `--api alpaca` (or the configuration) chooses it.
enum AlpacaCalls {
    static func place(_ connection: AlpacaConnection, _ request: OrderRequest) throws -> Int32 {
        // The CLI's own prefix: the daemon reconciles only orders with its own (`tw-`).
        let order = PlaceAlpacaOrder(request, clientOrderID: "cli-\(UUID().uuidString.lowercased())")
        let placed = try connection.call { client throws(AlpacaError) in try await client.place(order) }
        try connection.print(AlpacaJSON.Order(placed)) { AlpacaOutput.text(placed) }
        return 0
    }

    static func status(_ connection: AlpacaConnection, id: String, cancel: Bool) throws -> Int32 {
        let order = try connection.call { client throws(AlpacaError) in
            if cancel {
                do throws(AlpacaError) {
                    try await client.cancel(id: id)
                } catch .unprocessable {
                    // Not cancelable: already final, which its state shows.
                }
            }
            return try await client.order(id: id)
        }
        try connection.print(AlpacaJSON.Order(order)) { AlpacaOutput.text(order) }
        return 0
    }

    static func orders(_ connection: AlpacaConnection, status: ListOrders.Status, symbol: Symbol?) throws -> Int32 {
        let query = ListOrders(status: status, symbols: symbol.map { [$0] } ?? [])
        let orders = try connection.call { client throws(AlpacaError) in try await client.orders(query) }
        try connection.print(orders.map(AlpacaJSON.Order.init)) { AlpacaOutput.text(orders) }
        return 0
    }

    static func quotes(_ connection: AlpacaConnection, symbols: [Symbol]) throws -> Int32 {
        let quotes = try connection.call { client throws(AlpacaError) in try await client.latestQuotes(symbols) }
        let found = symbols.compactMap { symbol in quotes[symbol].map { (symbol, $0) } }
        if let missing = symbols.first(where: { quotes[$0] == nil }) {
            throw CLIError.failure("alpaca \(connection.baseURL): GET /v2/stocks/quotes/latest: no quote for \(missing)")
        }
        try connection.print(found.map(AlpacaJSON.Quote.init)) { AlpacaOutput.text(found) }
        return 0
    }

    static func clock(_ connection: AlpacaConnection) throws -> Int32 {
        let clock = try connection.call { client throws(AlpacaError) in try await client.clock() }
        try connection.print(AlpacaJSON.Clock(clock)) { AlpacaOutput.text(clock) }
        return 0
    }
}
