import Dispatch
import Foundation
import Ledger
import Risk
import StockFighter
import StrategyKit
import Trading

extension LiveRunner {
    /// Carries out the engine's actions. Exchange calls run concurrently; each result comes
    /// back into the inbox as an event.
    func perform(_ actions: [EngineAction]) {
        for action in actions {
            switch action {
            case .place(let clientID, let approved):
                let order = PlaceOrder(venue: approved.venue, account: account, request: approved.request)
                let inbox = inbox
                placementsInFlight.update { $0 += 1 }
                Task { [client, placementsInFlight] in
                    defer { placementsInFlight.update { $0 -= 1 } }
                    do throws(ExchangeError) {
                        let status = try await client.placeOrder(order)
                        inbox.post(.event(.placed(clientID, status, at: SystemClock.now())))
                    } catch {
                        inbox.post(.event(LiveRunner.placeFailure(clientID, error)))
                    }
                }
            case .cancel(let venue, let symbol, let orderID):
                let inbox = inbox
                Task { [client] in
                    do {
                        let status = try await client.cancelOrder(venue: venue, symbol: symbol, id: orderID)
                        inbox.post(.event(.orderReports([status], at: SystemClock.now())))
                    } catch {
                        inbox.post(.event(.cancelFailed(orderID, reason: "\(error)", at: SystemClock.now())))
                    }
                }
            case .tradingStateChanged:
                saveRiskState()
            }
        }
    }

    /// The event for a placement that failed: unknown if the request may have reached the
    /// exchange (it is then settled from the account's orders, never resent), rejected otherwise.
    static func placeFailure(_ clientID: ClientOrderID, _ error: ExchangeError) -> EngineEvent {
        let now = SystemClock.now()
        switch error {
        case .outcomeUnknown:
            return .placeOutcomeUnknown(clientID, at: now)
        case .rejected, .unauthorized, .notFound:
            return .placeRejected(clientID, reason: "EXCHANGE_REJECTED: \(error)", at: now)
        default:
            return error.mayHaveReachedServer
                ? .placeOutcomeUnknown(clientID, at: now)
                : .placeRejected(clientID, reason: "EXCHANGE_UNREACHABLE: \(error)", at: now)
        }
    }

    /// One poller per symbol for books, and one for the statuses of our open orders (and, when
    /// a placement's outcome is unknown, the account's order list that settles it).
    func startPollers() {
        let venue = engine.venue
        for symbol in engine.symbols.sorted() {
            pollers.append(poll(every: pollInterval, failureKey: "book \(symbol)") { [client, inbox] sequence in
                var book = try await client.orderBook(venue: venue, symbol: symbol)
                book.receivedTime = SystemClock.now()
                book.sequence = sequence
                inbox.post(.event(.book(book)))
            })
        }
        // The engine's thread knows which orders are open, so this poller only asks it to look.
        pollers.append(poll(every: pollInterval, failureKey: "orders") { [inbox] _ in
            inbox.post(.pollOrders)
        })
    }

    /// Asks for the status of every open order with an exchange id, and for the account's
    /// orders when some placement's outcome is unknown or an order settled as not placed may
    /// still show up. Results arrive as events.
    func pollOpenOrders() {
        let open = engine.orders.openOrders
        let venue = engine.venue
        let inbox = inbox
        let ids = open.compactMap { order in order.exchangeID.map { (order.request.symbol, $0) } }
        // A slow exchange must not pile up polls: a new round starts only when the last ended.
        if !ids.isEmpty, !statusPollInFlight.get() {
            statusPollInFlight.set(true)
            Task { [client, statusPollInFlight] in
                var statuses: [OrderStatus] = []
                for (symbol, id) in ids {
                    if let status = try? await client.orderStatus(venue: venue, symbol: symbol, id: id) {
                        statuses.append(status)
                    }
                }
                inbox.post(.event(.orderReports(statuses, at: SystemClock.now())))
                statusPollInFlight.set(false)
            }
        }
        let unsettled = open.contains { $0.outcomeUnknownSince != nil } || engine.orders.awaitsLateOrders
        if unsettled, !accountPollInFlight.get() {
            accountPollInFlight.set(true)
            Task { [client, account, accountPollInFlight] in
                defer { accountPollInFlight.set(false) }
                let requestedAt = SystemClock.now()
                guard let statuses = try? await client.orders(venue: venue, account: account) else { return }
                inbox.post(.event(.accountOrders(statuses, venue: venue, symbol: nil, requestedAt: requestedAt, at: SystemClock.now())))
            }
        }
    }

    /// A task that runs `body` every `interval` until cancelled, numbering the calls from 1 and
    /// logging the first failure of a run of failures and the recovery.
    private func poll(every interval: Duration, failureKey: String, _ body: @escaping @Sendable (UInt64) async throws -> Void) -> Task<Void, Never> {
        let logger = logger
        return Task {
            var sequence: UInt64 = 0
            var failing = false
            let clock = ContinuousClock()
            var next = clock.now
            while !Task.isCancelled {
                sequence += 1
                do {
                    try await body(sequence)
                    if failing {
                        logger.info("polling recovered", ["what": failureKey])
                        failing = false
                    }
                } catch {
                    if !failing {
                        logger.warning("polling failed", ["what": failureKey, "error": "\(error)"])
                        failing = true
                    }
                }
                next = max(next + interval, clock.now)
                try? await clock.sleep(until: next)
            }
        }
    }

    /// Writes the trading states so a halt survives a restart (`DurableFile.replace`: temporary
    /// file, fsync, rename, fsync of the directory).
    func saveRiskState() {
        do {
            let data = try JSONEncoder().encode(engine.risk.state)
            try DurableFile.replace(riskStatePath, with: Array(data))
        } catch {
            logger.error("could not save the trading state", ["file": riskStatePath, "error": "\(error)"])
        }
    }
}

extension Duration {
    /// This duration for Dispatch.
    public var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
