import Dispatch
import StockFighter
import StrategyKit
import Trading

/// Cancels every open order of an account, as the exchange lists them, without the engine or
/// the ledger: the emergency brake for when fills can no longer be booked.
///
/// The exchange's own list is the authority here, so orders the engine never heard of (a
/// placement whose answer was lost, an order of an earlier session) are cancelled too.
public struct AccountSweep: Sendable {
    public let client: StockFighterClient
    public let venue: Venue
    public let account: Account
    public let logger: Logger

    public init(client: StockFighterClient, venue: Venue, account: Account, logger: Logger) {
        self.client = client
        self.venue = venue
        self.account = account
        self.logger = logger
    }

    /// Lists the account's orders and cancels each open one, over and over, until a list shows
    /// none open while `settled()` held when it was requested (no placement of ours still in
    /// flight), or `wait` has passed. Logs every cancel sent and every failed call; returns how
    /// many orders the last list showed open (0 when the account is clear), or nil when the
    /// exchange never answered the list.
    public func run(wait: Duration, settled: @escaping @Sendable () -> Bool = { true }) -> Int? {
        let deadline = DispatchTime.now() + wait.dispatchInterval
        var left: Int?
        var cancelled: Set<OrderID> = []
        while true {
            let quiet = settled()
            if let open = openOrders() {
                left = open.count
                if open.isEmpty, quiet { return 0 }
                for order in open {
                    let first = cancelled.insert(order.id).inserted
                    logger.log(first ? .warning : .info, "emergency cancel", [
                        "order": order.id.description, "symbol": order.symbol.rawValue,
                        "side": order.side.rawValue, "open": order.qty.description,
                    ])
                    cancel(order)
                }
            }
            guard DispatchTime.now() < deadline else { return left }
            // A short pause between rounds: cancels take effect, placements in flight land.
            _ = DispatchSemaphore(value: 0).wait(timeout: min(deadline, .now() + .milliseconds(100)))
        }
    }

    /// The account's open orders, or nil (logged) if the exchange did not answer.
    private func openOrders() -> [OrderStatus]? {
        do {
            let all = try runBlocking { [client, venue, account] in try await client.orders(venue: venue, account: account) }
            return all.filter(\.open)
        } catch {
            logger.error("emergency: cannot list the account's orders", ["account": account.rawValue, "error": "\(error)"])
            return nil
        }
    }

    private func cancel(_ order: OrderStatus) {
        do {
            _ = try runBlocking { [client, venue] in try await client.cancelOrder(venue: venue, symbol: order.symbol, id: order.id) }
        } catch {
            logger.error("emergency cancel failed", ["order": order.id.description, "error": "\(error)"])
        }
    }
}
