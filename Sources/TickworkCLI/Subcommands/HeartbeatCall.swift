import CommandLineKit
import StockFighter
import StrategyKit

/// `tickwork heartbeat`: is the exchange's API up, and is the venue?
enum HeartbeatCall {
    static let command = Command(
        name: "heartbeat",
        summary: "Check that the exchange's API and the venue are up.",
        discussion: "Calls the API heartbeat, then the venue's. Exits 1 naming the endpoint when either fails.",
        options: ExchangeConnection.options,
        run: run
    )

    static func run(_ invocation: Invocation) throws -> Int32 {
        if let alpaca = try AlpacaConnection.selected(invocation) { return try AlpacaCalls.clock(alpaca) }
        let connection = try ExchangeConnection(invocation)
        let venue = connection.venue
        let named = try connection.call { client throws(ExchangeError) in
            try await client.heartbeat()
            return try await client.heartbeat(venue: venue)
        }
        try connection.print(ExchangeJSON.Heartbeat(ok: true, baseURL: connection.baseURL, venue: named.rawValue)) {
            "ok: the API at \(connection.baseURL) and venue \(named) are up\n"
        }
        return 0
    }
}
