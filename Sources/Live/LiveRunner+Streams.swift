import Brokerage
import Lifecycle
import StrategyKit
import Trading

extension LiveRunner {
    /// The stream supervisor, a child of `pollers`, when the configuration streams
    /// (`exchange.stream`): it keeps one connection of the broker's push stream open, and the
    /// pollers at the safety interval while it is trusted.
    func startStream(_ pollers: inout ThrowingDiscardingTaskGroup<any Error>) {
        guard let streaming, let pace else { return }
        pollers.addTask { [self] in await superviseStream(streaming, pace) }
    }

    /// Opens the stream, reconciles the account's orders, trusts it until it ends or stalls,
    /// polls at the normal rate again, and reconnects after a back-off, until cancelled. A broker
    /// that does not stream is logged once and polled.
    private func superviseStream(_ settings: StreamSettings, _ pace: PollPace) async {
        let venue = engine.venue
        let symbols = engine.symbols.sorted()
        var backoff = StreamBackoff(initial: settings.initialBackoff, maximum: settings.maximumBackoff, jitterPercent: settings.jitterPercent)
        var attempt = 0
        while !Task.isCancelled {
            if attempt > 0 {
                let wait = backoff.next(random: settings.random)
                monitor?.board.streamReconnecting(venue: venue.rawValue)
                do { try await Task.sleep(for: wait) } catch { return }
            }
            attempt += 1
            let connection = StreamConnection()
            let stream: (any BrokerStream)?
            do throws(BrokerError) {
                stream = try await broker.openStream(venue: venue, symbols: symbols) { [self] event in receive(event, on: connection) }
            } catch {
                logger.warning("stream could not open; polling", ["venue": venue.rawValue, "error": "\(error)"])
                continue
            }
            guard let stream else {
                logger.warning("exchange.stream is set but the broker does not stream; polling", ["venue": venue.rawValue])
                return
            }
            guard await reconcile(venue: venue), connection.ended == nil else {
                stream.close()
                continue
            }
            switchStream(to: true, pace, reason: attempt == 1 ? "connected, orders reconciled" : "reconnected, orders reconciled")
            backoff.reset()
            let reason = await watch(connection, stallTimeout: settings.stallTimeout)
            stream.close()
            switchStream(to: false, pace, reason: reason ?? "the runner is stopping")
            if reason == nil { return }
        }
    }

    /// Lists the account's orders once and posts them as a settlement list, so that what the
    /// stream missed while down is booked before it is trusted; false when the list failed.
    private func reconcile(venue: Venue) async -> Bool {
        let requestedAt = now()
        do throws(BrokerError) {
            let statuses = try await broker.orders(venue: venue)
            monitor?.board.count(.init(endpoint: "orders", outcome: "ok"))
            inbox.post(.event(.accountOrders(statuses, venue: venue, symbol: nil, requestedAt: requestedAt, at: now())))
            return true
        } catch {
            monitor?.board.count(.init(endpoint: "orders", outcome: LiveRunner.outcome(of: error)))
            logger.warning("stream reconciliation failed; polling", ["venue": venue.rawValue, "error": "\(error)"])
            return false
        }
    }

    /// Waits until `connection` ends (its reason) or is silent past `stallTimeout` (a stall), or
    /// the task is cancelled (nil), looking every poll interval, or tenth of a second, at most.
    private func watch(_ connection: StreamConnection, stallTimeout: Duration) async -> String? {
        // At most a tenth of a second, whatever the poll interval: a closed stream trusted for a
        // poll interval more would hold the pollers at the safety interval that long.
        let look = min(pollInterval, stallTimeout / 4, .milliseconds(100))
        while true {
            if let ended = connection.ended { return "closed: \(ended)" }
            let silence = connection.silence()
            if silence > stallTimeout { return "stalled: nothing heard for \(silence)" }
            do { try await Task.sleep(for: look) } catch { return nil }
        }
    }

    /// Trusts the stream (pollers at the safety interval) or not (pollers at their own), logging
    /// the switch and counting it.
    private func switchStream(to stream: Bool, _ pace: PollPace, reason: String) {
        pace.isTrusted = stream
        let (from, to) = stream ? ("poll", "stream") : ("stream", "poll")
        logger.info("stream switch", ["venue": engine.venue.rawValue, "from": from, "to": to, "reason": reason])
        monitor?.board.streamSwitched(venue: engine.venue.rawValue, to: to)
    }

    /// Posts a streamed event as the pollers post theirs: a book stamped, checked against the
    /// exchange-time allowance and numbered; a trade when `LastTradeFilter` finds it new; an
    /// order as an order report, so the tracker decides what is new. Every event keeps the
    /// connection from stalling.
    private func receive(_ event: BrokerStreamEvent, on connection: StreamConnection) {
        connection.heard()
        let board = monitor?.board
        let venue = engine.venue.rawValue
        switch event {
        case .book(var book):
            book.receivedTime = now()
            if let allowance = exchangeTimeAllowance, Self.exchangeLag(of: book) > allowance {
                board?.streamMessage(venue: venue, kind: "stale")
                return
            }
            board?.streamMessage(venue: venue, kind: "book")
            book.sequence = connection.nextBook()
            inbox.post(.event(.book(book)))
        case .trade(let trade):
            board?.streamMessage(venue: venue, kind: "trade")
            guard let tape = tapes[trade.symbol] else { return }
            var isNew = false
            tape.update { isNew = $0.record(trade) }
            if isNew { inbox.post(.event(.trade(trade))) }
        case .order(let status):
            board?.streamMessage(venue: venue, kind: "order")
            inbox.post(.event(.orderReports([status], at: now())))
        case .alive:
            board?.streamMessage(venue: venue, kind: "alive")
        case .closed(let reason):
            connection.end(reason)
        }
    }
}
