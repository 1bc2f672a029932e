import Alpaca
import Brokerage
import CommandLineKit
import FoundationEssentials
import StrategyKit

/// The one-call commands on Alpaca's API: what `order place|status|cancel`, `orders`, `quote`,
/// `book` and `heartbeat` do when `--api alpaca` (or the configuration) chooses it.
enum AlpacaCalls {
    /// The CLI's own client order prefix: the daemon reconciles only orders with its own (`tw`).
    static let clientOrderPrefix = "cli"

    static func place(_ connection: AlpacaConnection, _ request: OrderRequest) throws -> Int32 {
        let order = PlaceAlpacaOrder(request, clientOrderID: newClientOrderID())
        let placed = try connection.call { client throws(AlpacaError) in try await client.place(order) }
        try connection.print(AlpacaJSON.Order(placed)) { AlpacaOutput.text(placed) }
        return 0
    }

    /// Places `group` as one order of its class; a group Alpaca cannot take in one request is
    /// refused unsent, saying why.
    static func place(_ connection: AlpacaConnection, _ group: OrderGroup) throws -> Int32 {
        let clientOrderID = newClientOrderID()
        let placed = try connection.call { client throws(AlpacaError) in
            try await client.place(try PlaceAlpacaOrder(group, clientOrderID: clientOrderID))
        }
        try connection.print(AlpacaJSON.Order(placed)) { AlpacaOutput.text(placed) }
        return 0
    }

    /// Replaces order `id` in place through `AlpacaBroker.replace` and shows the order that
    /// replaces it.
    static func replace(_ connection: AlpacaConnection, symbol: Symbol, id: String, price: Price?, qty: Quantity?) throws -> Int32 {
        let broker = connection.broker(symbols: [symbol])
        let venue = connection.venue
        let replacement = try connection.callBroker { () throws(BrokerError) in
            _ = try await broker.replace(venue: venue, symbol: symbol, id: AlpacaBroker.localID(id), price: price, qty: qty)
            do {
                let old = try await broker.client.order(id: id)
                guard let new = old.replacedBy else { return old }
                return try await broker.client.order(id: new)
            } catch {
                throw .outcomeUnknown("order \(id) was replaced, but the order replacing it could not be read: \(error)")
            }
        }
        try connection.print(AlpacaJSON.Order(replacement)) { AlpacaOutput.text(replacement) }
        return 0
    }

    private static func newClientOrderID() -> String {
        "\(clientOrderPrefix)-\(UUID().uuidString.lowercased())"
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
