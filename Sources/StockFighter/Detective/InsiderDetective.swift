import HTTP
import StrategyKit
import Synchronization
import WebSocket
import Wire

/// The detective of level making-amends: finds the accounts trading a stock, watches each one's
/// executions feed, and names the one whose trades the market keeps moving after
/// (`InsiderScoring`).
///
/// How it learns who trades, as the game's players did: it places an order of its own far from
/// the market (cancelled at once), and again every second, and asks the exchange about the
/// orders numbered just below it; each other account's order is refused with "... You have to own account X.", which names
/// its owner (an open exchange simply shows the order's account). Every fill on a watched
/// account's feed carries the other side's order number, asked about in turn, so an account
/// that trades with anyone watched is found as soon as it trades. The tickertape gives the
/// market's mid over time, against which each fill is judged. A feed that drops is opened again
/// (a second apart at most), so a long investigation outlives a connection. The investigation is
/// bounded: it ends after `duration`, its feeds closed.
public final class InsiderDetective: Sendable {
    /// What the investigation found: the suspect (nil when no account's edge stands out, see
    /// `InsiderScoring.suspect`), the evidence against every account found, best suspect first.
    public struct Report: Hashable, Sendable, Codable {
        public var venue: Venue
        public var symbol: Symbol
        public var suspect: Account?
        public var evidence: [InsiderEvidence]
        /// The accounts found trading (the detective's own excepted), and those whose
        /// executions feed the exchange refused.
        public var accountsFound: [Account]
        public var feedsRefused: [Account]
        /// Feeds opened again after they dropped.
        public var feedsReopened: Int
        /// The orders asked about to learn their owners.
        public var probes: Int
        public var horizonMilliseconds: Int64
    }

    private struct State {
        var scoring = InsiderScoring()
        /// The owner of each order number learnt so far.
        var owners: [Int64: Account] = [:]
        /// Order numbers to ask about, with when they were queued.
        var queue: [(id: Int64, queuedAt: Timestamp)] = []
        var asked: Set<Int64> = []
        var watched: Set<Account> = []
        var refused: [Account] = []
        /// What closes the tickertape and each watched account's executions feed.
        var tapeCloser: (@Sendable () -> Void)?
        var closers: [Account: @Sendable () -> Void] = [:]
        /// Feeds that dropped and are to be opened again, until the investigation ends.
        var tapeDropped = false
        var dropped: Set<Account> = []
        var ending = false
        var reopened = 0
        var probes = 0
    }

    /// How many order numbers below its own order it asks about first, and then every
    /// `censusInterval` below a new order of its own: few, as most are makers' quotes that never
    /// trade (so no feed names their owner) and the fills of the first accounts found lead to
    /// the rest.
    static let firstWindow: Int64 = 10
    static let censusWindow: Int64 = 5
    static let censusInterval: Duration = .seconds(1)
    /// At most this many questions a round (a round every 50 ms), and this many queued.
    static let probesPerRound = 10
    static let queueLimit = 2_000
    /// A number queued this recently may still turn up on a watched feed, which says its owner
    /// (a feed's message can come a while after the fill on a busy machine).
    static let probeDelay: Int64 = 1_000_000_000
    /// How often feeds that dropped are opened again.
    static let reopenInterval: Duration = .seconds(1)

    private let client: StockFighterClient
    private let feeds: StockFighterStreamEndpoint
    private let venue: Venue
    private let symbol: Symbol
    private let account: Account
    private let horizon: Duration
    private let minimumFills: Int
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())

    /// A detective of `symbol` on `venue` trading from `account` through `client` and `feeds`,
    /// judging each fill by the mid `horizon` later, naming nobody with fewer than
    /// `minimumFills` judged fills; `log` hears what it finds as it goes.
    public init(
        client: StockFighterClient, feeds: StockFighterStreamEndpoint, venue: Venue, symbol: Symbol, account: Account,
        horizon: Duration = .seconds(2), minimumFills: Int = 10, log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.client = client
        self.feeds = feeds
        self.venue = venue
        self.symbol = symbol
        self.account = account
        self.horizon = horizon
        self.minimumFills = minimumFills
        self.log = log
    }

    /// Investigates for `duration`, or until `enough` says so (asked every round, e.g. when the
    /// market has run a number of steps), and reports; throws when its first order or the
    /// tickertape cannot be had (a call's `ExchangeError`, a feed's `WebSocketClientError`).
    public func investigate(for duration: Duration, until enough: @Sendable () -> Bool = { false }) async throws -> Report {
        let deadline = ContinuousClock.now + duration
        defer { closeFeeds() }
        try await openTape()
        try await census(window: Self.firstWindow)
        var nextCensus = ContinuousClock.now + Self.censusInterval
        var nextReopen = ContinuousClock.now + Self.reopenInterval
        while ContinuousClock.now < deadline, !enough() {
            if ContinuousClock.now >= nextCensus {
                try? await census(window: Self.censusWindow)
                nextCensus = ContinuousClock.now + Self.censusInterval
            }
            if ContinuousClock.now >= nextReopen {
                await reopenDropped()
                nextReopen = ContinuousClock.now + Self.reopenInterval
            }
            await probeRound()
            try? await Task.sleep(for: .milliseconds(50))
        }
        return report()
    }

    /// Places an order of one share at a cent, far from any market, cancels it, and queues the
    /// `window` order numbers just below its own, nearest first: a sample of who has been
    /// trading lately, which also finds an account that never trades with one already watched.
    private func census(window: Int64) async throws {
        let own = try await client.placeOrder(
            PlaceOrder(venue: venue, account: account, symbol: symbol, side: .buy, type: .limit, price: Price(cents: 1), qty: 1))
        _ = try? await client.cancelOrder(venue: venue, symbol: symbol, id: own.id)
        state.withLock { state in
            state.owners[own.id.rawValue] = account
            let now = WallClock.now()
            for id in stride(from: own.id.rawValue - 1, through: max(1, own.id.rawValue - window), by: -1)
            where state.owners[id] == nil && !state.asked.contains(id) && state.queue.count < Self.queueLimit {
                state.queue.append((id, now))
            }
        }
    }

    /// The accounts found so far whose executions it watches or asked to (the detective's own
    /// excepted): its progress, for an `enough` condition.
    public var accountsFound: Int { state.withLock { $0.watched.count } }

    /// What the evidence says now.
    public func report() -> Report {
        state.withLock { state in
            let ranking = state.scoring.ranking(horizon: horizon, minimumFills: minimumFills)
            return Report(
                venue: venue, symbol: symbol, suspect: state.scoring.suspect(horizon: horizon, minimumFills: minimumFills)?.account,
                evidence: ranking, accountsFound: state.watched.sorted(), feedsRefused: state.refused, feedsReopened: state.reopened,
                probes: state.probes,
                horizonMilliseconds: Int64(horizon.components.seconds) * 1_000 + horizon.components.attoseconds / 1_000_000_000_000_000)
        }
    }

    /// Asks who owns the next few queued order numbers (those no watched feed has named since
    /// they were queued) and watches each new account found.
    private func probeRound() async {
        let now = WallClock.now().nanoseconds
        let due: [Int64] = state.withLock { state in
            var due: [Int64] = []
            while due.count < Self.probesPerRound, let first = state.queue.first, now - first.queuedAt.nanoseconds >= Self.probeDelay {
                state.queue.removeFirst()
                guard state.owners[first.id] == nil, state.asked.insert(first.id).inserted else { continue }
                due.append(first.id)
            }
            state.probes += due.count
            return due
        }
        for id in due {
            guard let owner = await owner(of: id) else { continue }
            await watch(owner, orderID: id)
        }
    }

    /// The account that owns order `id`: named by the refusal, or shown by an open exchange.
    private func owner(of id: Int64) async -> Account? {
        do throws(ExchangeError) {
            return try await client.orderStatus(venue: venue, symbol: symbol, id: OrderID(id)).account
        } catch .unauthorized(let message) {
            return Self.owner(named: message)
        } catch .notFound {
            return nil
        } catch {
            log("asking about order \(id): \(error)")
            return nil
        }
    }

    /// The account a refusal names ("... You have to own account X."), if it names one.
    static func owner(named message: String) -> Account? {
        guard let range = message.firstRange(of: "own account ") else { return nil }
        let name = message[range.upperBound...].prefix { $0.isLetter || $0.isNumber }
        return name.isEmpty ? nil : Account(String(name))
    }

    /// Opens `owner`'s executions feed unless it is watched already or is the detective's own.
    private func watch(_ owner: Account, orderID: Int64) async {
        let isNew = state.withLock { state in
            state.owners[orderID] = owner
            return owner != account && state.watched.insert(owner).inserted
        }
        guard isNew else { return }
        log("watching \(owner.rawValue)")
        do {
            try await openExecutions(of: owner)
        } catch {
            log("the executions of \(owner.rawValue) are refused: \(error)")
            state.withLock { $0.refused.append(owner) }
        }
    }

    /// Opens the venue's tickertape, which gives the mids fills are judged by; a drop marks it
    /// to be opened again.
    private func openTape() async throws(WebSocketClientError) {
        let venue = venue, symbol = symbol
        let close = try await feeds.open(.tickertape, account: account, venue: venue) { [weak self] event in
            switch event {
            case .message(let bytes):
                guard let tick = try? StockFighterStreamMessage.tickertape(bytes, venue: venue, receivedAt: WallClock.now()),
                    tick.book.symbol == symbol
                else { return }
                self?.state.withLock { $0.scoring.recordBook(bid: tick.book.bestBid, ask: tick.book.bestAsk, at: tick.book.exchangeTime) }
            case .closed:
                self?.state.withLock { state in
                    if !state.ending { state.tapeDropped = true }
                }
            }
        }
        state.withLock { $0.tapeCloser = close }
    }

    /// Opens `owner`'s executions feed; a drop marks it to be opened again.
    private func openExecutions(of owner: Account) async throws(WebSocketClientError) {
        let close = try await feeds.open(.executions, account: owner, venue: venue) { [weak self] event in
            switch event {
            case .message(let bytes):
                guard let execution = try? StockFighterExecution(message: bytes) else { return }
                self?.heard(execution)
            case .closed:
                self?.state.withLock { state in
                    if !state.ending { state.dropped.insert(owner) }
                }
            }
        }
        state.withLock { $0.closers[owner] = close }
    }

    /// Opens again the feeds that dropped since the last look; one that cannot be opened now is
    /// tried at the next.
    private func reopenDropped() async {
        let (tape, owners) = state.withLock { state in
            defer {
                state.tapeDropped = false
                state.dropped = []
            }
            return (state.tapeDropped, state.dropped)
        }
        if tape {
            do {
                try await openTape()
                state.withLock { $0.reopened += 1 }
            } catch {
                state.withLock { $0.tapeDropped = true }
            }
        }
        for owner in owners.sorted(by: { $0.rawValue < $1.rawValue }) {
            do {
                try await openExecutions(of: owner)
                state.withLock { $0.reopened += 1 }
                log("watching \(owner.rawValue) again")
            } catch {
                state.withLock { _ = $0.dropped.insert(owner) }
            }
        }
    }

    /// Closes every feed for good: none is opened again after this.
    private func closeFeeds() {
        let closers = state.withLock { state in
            state.ending = true
            return Array(state.closers.values) + (state.tapeCloser.map { [$0] } ?? [])
        }
        for close in closers { close() }
    }

    /// One fill on a watched feed: into the case file, its order's owner noted and the other
    /// side's order queued to be asked about.
    private func heard(_ execution: StockFighterExecution) {
        guard execution.order.symbol == symbol else { return }
        state.withLock { state in
            state.scoring.record(execution)
            let mine = execution.order.id.rawValue
            state.owners[mine] = execution.order.account
            let other = mine == execution.standingID ? execution.incomingID : execution.standingID
            if state.owners[other] == nil, !state.asked.contains(other), state.queue.count < Self.queueLimit {
                state.queue.append((other, WallClock.now()))
            }
        }
    }
}
