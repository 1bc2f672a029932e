import Brokerage
import FoundationEssentials
import Risk
import StrategyKit
import SystemIO
import Trading

extension LiveRunner {
    /// Carries out the engine's actions. Broker calls run concurrently, as child tasks in
    /// `requests`; each result comes back into the inbox as an event.
    func perform(_ actions: [EngineAction], _ requests: inout Requests) {
        for action in actions {
            switch action {
            case .place(let clientID, let approved):
                placementsInFlight.update { $0 += 1 }
                requests.addTask { [broker, inbox, now, placementsInFlight, board = monitor?.board] in
                    defer { placementsInFlight.update { $0 -= 1 } }
                    let start = ContinuousClock.now
                    do throws(BrokerError) {
                        let status = try await broker.place(approved.request, venue: approved.venue)
                        board?.placementAnswered(in: ContinuousClock.now - start)
                        board?.count(.init(endpoint: "place", outcome: "ok"))
                        inbox.post(.event(.placed(clientID, status, at: now())))
                    } catch {
                        board?.placementAnswered(in: ContinuousClock.now - start)
                        board?.count(.init(endpoint: "place", outcome: LiveRunner.outcome(of: error)))
                        inbox.post(.event(LiveRunner.placeFailure(clientID, error, at: now())))
                    }
                }
            case .cancel(let venue, let symbol, let orderID):
                requests.addTask { [broker, inbox, now, board = monitor?.board] in
                    do throws(BrokerError) {
                        let status = try await broker.cancel(venue: venue, symbol: symbol, id: orderID)
                        board?.count(.init(endpoint: "cancel", outcome: "ok"))
                        inbox.post(.event(.orderReports([status], at: now())))
                    } catch {
                        board?.count(.init(endpoint: "cancel", outcome: LiveRunner.outcome(of: error)))
                        inbox.post(.event(.cancelFailed(orderID, reason: "\(error)", at: now())))
                    }
                }
            case .placeGroup(let orderClass, let legs):
                placeGroup(orderClass, legs, &requests)
            case .replace(let venue, let orderID, let clientID, let approved):
                replace(orderID, on: venue, as: clientID, approved, &requests)
            case .tradingStateChanged(let change):
                monitor?.stateChanged(change)
                saveRiskState(&requests)
            }
        }
    }

    /// The monitor's outcome label of a failed broker call.
    static func outcome(of error: BrokerError) -> String {
        switch error {
        case .rejected: "rejected"
        case .notActedOn: "not_acted_on"
        case .outcomeUnknown: "unknown"
        }
    }

    /// The event for a placement that failed at `time`: unknown if the request may have
    /// reached the broker (it is then settled from the account's orders, never resent),
    /// rejected otherwise.
    static func placeFailure(_ clientID: ClientOrderID, _ error: BrokerError, at time: Timestamp) -> EngineEvent {
        switch error {
        case .outcomeUnknown:
            return .placeOutcomeUnknown(clientID, at: time)
        case .rejected:
            return .placeRejected(clientID, reason: "EXCHANGE_REJECTED: \(error)", at: time)
        case .notActedOn:
            return .placeRejected(clientID, reason: "EXCHANGE_UNREACHABLE: \(error)", at: time)
        }
    }

    /// One poller per symbol for books, one for the statuses of our open orders (and, when a
    /// placement's outcome is unknown, the account's order list that settles it), and the
    /// tickers of the engine's timer and systemd's watchdog: children of `pollers`. While a
    /// stream is trusted, the book and order polls go out at its safety interval (`pace`).
    func startPollers(_ pollers: inout ThrowingDiscardingTaskGroup<any Error>) {
        let venue = engine.venue
        for symbol in engine.symbols.sorted() {
            pollers.addTask { [self, broker, inbox, now, board = monitor?.board] in
                await poll(every: pollInterval, failureKey: "book \(symbol)") { sequence throws(BrokerError) in
                    guard pace?.due("book \(symbol)") ?? true else { return }
                    let start = ContinuousClock.now
                    var book: BookSnapshot
                    do throws(BrokerError) {
                        book = try await broker.book(venue: venue, symbol: symbol)
                    } catch {
                        board?.count(.init(endpoint: "book", outcome: LiveRunner.outcome(of: error)))
                        throw error
                    }
                    book.receivedTime = now()
                    if let allowance = exchangeTimeAllowance, case let behind = Self.exchangeLag(of: book), behind > allowance {
                        board?.count(.init(endpoint: "book", outcome: "stale"))
                        throw .notActedOn(
                            "book \(symbol): its exchange time \(book.exchangeTime) is \(behind) behind the local clock, more than the "
                                + "strategies' staleBookMs and exchange.clockSkewMs allow (\(allowance)): not traded on")
                    }
                    board?.count(.init(endpoint: "book", outcome: "ok"))
                    board?.bookPolled(in: ContinuousClock.now - start, at: book.receivedTime)
                    book.sequence = sequence
                    inbox.post(.event(.book(book)))
                }
            }
        }
        // The engine loop knows which orders are open, so these only ask it to act.
        pollers.addTask { [self, inbox] in
            await poll(every: pollInterval, failureKey: "orders") { _ in
                if pace?.due("orders") ?? true { inbox.post(.pollOrders) }
            }
        }
        pollers.addTask { [inbox, tickInterval] in await Self.tick(every: tickInterval) { inbox.post(.timer) } }
        if let interval = SystemdNotifier.watchdogInterval() {
            pollers.addTask { [inbox] in await Self.tick(every: interval / 2) { inbox.post(.watchdog) } }
        }
    }

    /// How far `book`'s exchange time is behind its receive time (negative: ahead); the
    /// longest there is when the difference does not fit in 64 bits (a hostile exchange time).
    static func exchangeLag(of book: BookSnapshot) -> Duration {
        let (lag, overflow) = book.receivedTime.nanoseconds.subtractingReportingOverflow(book.exchangeTime.nanoseconds)
        return overflow ? .nanoseconds(Int64.max) : .nanoseconds(lag)
    }

    /// Calls `body` every `interval`, the first time one interval from now, until the task is
    /// cancelled.
    private static func tick(every interval: Duration, _ body: @Sendable () -> Void) async {
        let clock = ContinuousClock()
        var next = clock.now
        while true {
            next = max(next + interval, clock.now)
            do {
                try await clock.sleep(until: next)
            } catch {
                return  // cancelled: the runner is stopping
            }
            body()
        }
    }

    /// Asks for the status of every open order with an exchange id, and for the account's
    /// orders when some placement's outcome is unknown or an order settled as not placed may
    /// still show up. Results arrive as events.
    func pollOpenOrders(_ requests: inout Requests) {
        let open = engine.orders.openOrders
        let venue = engine.venue
        let ids = open.compactMap { order in order.exchangeID.map { (order.request.symbol, $0) } }
        // A slow broker must not pile up polls: a new round starts only when the last ended.
        if !ids.isEmpty, !statusPollInFlight.get() {
            statusPollInFlight.set(true)
            requests.addTask { [broker, inbox, now, statusPollInFlight, board = monitor?.board] in
                var statuses: [OrderStatus] = []
                for (symbol, id) in ids {
                    do throws(BrokerError) {
                        statuses.append(try await broker.status(venue: venue, symbol: symbol, id: id))
                        board?.count(.init(endpoint: "status", outcome: "ok"))
                    } catch {
                        // A status not had now is asked for again at the next poll.
                        board?.count(.init(endpoint: "status", outcome: LiveRunner.outcome(of: error)))
                    }
                }
                inbox.post(.event(.orderReports(statuses, at: now())))
                statusPollInFlight.set(false)
            }
        }
        let unsettled = open.contains { $0.outcomeUnknownSince != nil } || engine.orders.awaitsLateOrders
        if unsettled, !accountPollInFlight.get() {
            accountPollInFlight.set(true)
            requests.addTask { [broker, inbox, now, accountPollInFlight, board = monitor?.board] in
                defer { accountPollInFlight.set(false) }
                let requestedAt = now()
                let statuses: [OrderStatus]
                do throws(BrokerError) {
                    statuses = try await broker.orders(venue: venue)
                    board?.count(.init(endpoint: "orders", outcome: "ok"))
                } catch {
                    // Asked for again at the next poll while a placement stays unsettled.
                    board?.count(.init(endpoint: "orders", outcome: LiveRunner.outcome(of: error)))
                    return
                }
                inbox.post(.event(.accountOrders(statuses, venue: venue, symbol: nil, requestedAt: requestedAt, at: now())))
            }
        }
    }

    /// Runs `body` every `interval` (or sooner, by what `soonerBy` says after each call) until
    /// the task is cancelled, numbering the calls from 1 and logging the first failure of a run
    /// of failures and the recovery.
    func poll(
        every interval: Duration, failureKey: String, soonerBy: @Sendable () -> Duration? = { nil },
        _ body: @Sendable (UInt64) async throws(BrokerError) -> Void
    ) async {
        var sequence: UInt64 = 0
        var failing = false
        let clock = ContinuousClock()
        var next = clock.now
        while !Task.isCancelled {
            sequence += 1
            do throws(BrokerError) {
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
            next = max(min(next + interval, clock.now + (soonerBy() ?? interval)), clock.now)
            do {
                try await clock.sleep(until: next)
            } catch {
                return  // cancelled: the runner is stopping
            }
        }
    }

    /// Writes the trading states so a halt survives a restart (`DurableFile.replace`: temporary
    /// file, fsync, rename, fsync of the directory). One that cannot be written halts the
    /// account, its open orders cancelled through `requests`, and says so: a halt that is not
    /// saved would be lifted by a restart (fail closed).
    func saveRiskState(_ requests: inout Requests) {
        do {
            let data = try JSONEncoder().encode(engine.risk.state)
            try DurableFile.replace(riskStatePath, with: Array(data))
        } catch {
            logger.error("could not save the trading state; the account is halted until it can be and an operator resumes it", [
                "file": riskStatePath, "error": "\(error)",
            ])
            perform(engine.halt(.account, code: .stateUnsaved, at: now()), &requests)
        }
    }
}
