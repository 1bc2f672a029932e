import Brokerage
import Lifecycle
import StrategyKit
import Trading

extension LiveRunner {
    /// Hands a company's new filing on SEC EDGAR to the engine loop, stamped with the runner's
    /// clock: the strategies of its symbol that subscribed to `filings` hear it there, and
    /// their intents pass the risk checks. Safe from any thread (the daemon's EDGAR poller); the
    /// caller posts each filing once (the history's insert says which are new).
    public func post(_ filing: Filing) {
        inbox.post(.event(.filing(filing, at: now())))
    }

    /// The soonest a wake-up is armed after the time it is for, or after now: a wake-up whose
    /// `.timer` did not fire what was due (the wall clock a little behind the sleep's clock) comes
    /// again this much later rather than at once.
    static let minimumWakeUpDelay = Duration.milliseconds(5)

    /// The market's session before trading starts, so that `start`'s context has it; nil, with
    /// a warning, when the broker cannot say (the session poller asks again).
    func firstSession() async -> MarketSession? {
        do throws(BrokerError) {
            return try await broker.session(venue: engine.venue)
        } catch {
            logger.warning("market session unknown at start; the engine takes the market as open until the broker says", ["error": "\(error)"])
            return nil
        }
    }

    /// The market-data pollers: one per symbol whose trades some strategy hears (or builds
    /// bars from), posting each new last trade (`LastTradeFilter`, shared with the stream's trades;
    /// at the stream's safety interval while it is trusted), and one for the session, posting
    /// it when it changes from `session` (what was told at start): every `sessionPollInterval`,
    /// and just after the known next open or close.
    func startMarketDataPollers(_ pollers: inout ThrowingDiscardingTaskGroup<any Error>, session: MarketSession?) {
        let venue = engine.venue
        for (symbol, tape) in tapes.sorted(by: { $0.key < $1.key }) {
            pollers.addTask { [self, broker, inbox, board = monitor?.board] in
                await poll(every: pollInterval, failureKey: "trades \(symbol)") { _ throws(BrokerError) in
                    guard pace?.due("trades \(symbol)") ?? true else { return }
                    let trade: Trade?
                    do throws(BrokerError) {
                        trade = try await broker.lastTrade(venue: venue, symbol: symbol)
                    } catch {
                        board?.count(.init(endpoint: "trade", outcome: LiveRunner.outcome(of: error)))
                        throw error
                    }
                    board?.count(.init(endpoint: "trade", outcome: "ok"))
                    guard let trade else { return }
                    var isNew = false
                    tape.update { isNew = $0.record(trade) }
                    if isNew { inbox.post(.event(.trade(trade))) }
                }
            }
        }
        let told = Locked(session)
        pollers.addTask { [self, broker, inbox, now] in
            await poll(every: sessionPollInterval, failureKey: "session", soonerBy: { Self.untilChange(of: told.get(), now: now()) }) {
                _ throws(BrokerError) in
                let current = try await broker.session(venue: venue)
                guard current != told.get() else { return }
                told.set(current)
                inbox.post(.event(.session(current, at: now())))
            }
        }
    }

    /// How long until a second after `session`'s next open (while closed) or close (while
    /// open), when the broker's clock will say the other; nil when it names none.
    static func untilChange(of session: MarketSession?, now: Timestamp) -> Duration? {
        guard let session, let change = session.isOpen ? session.nextClose : session.nextOpen else { return nil }
        return .nanoseconds(max(change.nanoseconds - now.nanoseconds, 0)) + .seconds(1)
    }

    /// Arms a wake-up for the engine's next wake-up (a strategy timer, a bar's end) unless one
    /// is armed for then or earlier and still to come: a child task of `requests` that sleeps
    /// until then (at least `minimumWakeUpDelay`) and posts `.timer`. So timers and bars close
    /// on time, not at the next tick. A wake-up that finds nothing due (the timer was
    /// cancelled) is a `.timer` like the tick's, and does no harm.
    func armWakeUp(_ requests: inout Requests) {
        guard let due = engine.nextWakeUp else { return }
        let now = now()
        if let armed = armedWakeUp, armed > now, armed <= due { return }
        armedWakeUp = due
        let delay = max(Duration.nanoseconds(due.nanoseconds - now.nanoseconds), Self.minimumWakeUpDelay)
        requests.addTask { [inbox, now = self.now] in
            do {
                try await Task.sleep(for: delay)
            } catch {
                return  // cancelled: the runner is stopping
            }
            inbox.post(.event(.timer(now())))
        }
    }
}
