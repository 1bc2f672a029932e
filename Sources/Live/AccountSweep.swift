import Brokerage
import StrategyKit
import Trading

/// Cancels every open order of an account, as the broker lists them, without the engine or
/// the ledger: the emergency brake for when fills can no longer be booked.
///
/// The broker's own list is the authority here, so orders the engine never heard of (a
/// placement whose answer was lost, an order of an earlier session) are cancelled too.
public struct AccountSweep: Sendable {
    public let broker: any Broker
    public let venue: Venue
    public let logger: Logger

    /// The account swept: the broker's.
    public var account: Account { broker.account }

    public init(broker: any Broker, venue: Venue, logger: Logger) {
        self.broker = broker
        self.venue = venue
        self.logger = logger
    }

    /// Lists the account's orders and cancels each open one, over and over, until a list shows
    /// none open while `settled()` held when it was requested (no placement of ours still in
    /// flight), or `wait` has passed, or the task is cancelled. Logs every cancel sent and every failed call; returns how
    /// many orders the last list showed open (0 when the account is clear), or nil when the
    /// broker never answered the list.
    public func run(wait: Duration, settled: @escaping @Sendable () -> Bool = { true }) async -> Int? {
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        var left: Int?
        var cancelled: Set<OrderID> = []
        while true {
            let quiet = settled()
            if let open = await openOrders() {
                left = open.count
                if open.isEmpty, quiet { return 0 }
                for order in open {
                    let first = cancelled.insert(order.id).inserted
                    logger.log(first ? .warning : .info, "emergency cancel", [
                        "order": order.id.description, "symbol": order.symbol.rawValue,
                        "side": order.side.rawValue, "open": order.qty.description,
                    ])
                    await cancel(order)
                }
            }
            guard clock.now < deadline else { return left }
            // A short pause between rounds: cancels take effect, placements in flight land.
            do {
                try await clock.sleep(until: min(deadline, clock.now + .milliseconds(100)))
            } catch {
                logger.warning("emergency: sweep cancelled before the account was clear", ["account": account.rawValue])
                return left
            }
        }
    }

    /// The account's open orders, or nil (logged) if the broker did not answer.
    private func openOrders() async -> [OrderStatus]? {
        do {
            return try await broker.orders(venue: venue).filter(\.open)
        } catch {
            logger.error("emergency: cannot list the account's orders", ["account": account.rawValue, "error": "\(error)"])
            return nil
        }
    }

    private func cancel(_ order: OrderStatus) async {
        do {
            _ = try await broker.cancel(venue: venue, symbol: order.symbol, id: order.id)
        } catch {
            logger.error("emergency cancel failed", ["order": order.id.description, "error": "\(error)"])
        }
    }
}
