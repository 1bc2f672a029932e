import Risk
import StrategyKit

/// The trading kernel: single-threaded, synchronous and deterministic. Each event goes in
/// through `handle(_:)` and the actions to perform come out; the same events produce the same
/// actions, live or in a backtest.
///
/// For a book it asks each subscribed strategy for intents, passes every order through the
/// risk checker, and returns the approved ones as `place` actions. For order reports it asks the
/// order tracker for new fills and, for each, records it in the journal (durable before anything
/// else hears of it), applies it to the portfolio, and only then tells the strategy.
public final class TradingEngine {
    /// The venue traded on.
    public let venue: Venue
    public internal(set) var portfolio = Portfolio()
    public internal(set) var orders = OrderTracker()
    public internal(set) var risk: RiskChecker
    public internal(set) var statistics = EngineStatistics()
    /// The latest book fed for each symbol.
    public internal(set) var books: [Symbol: BookSnapshot] = [:]
    var slots: [StrategySlot]
    /// Our own last fill price per symbol: the collar's reference when a book side is empty.
    var lastTrade: [Symbol: Price] = [:]
    /// Orders whose cancel has been sent and not yet answered, so a cancel is sent once.
    var pendingCancels: Set<OrderID> = []
    /// Each strategy's last denial logged as a warning, to keep repeats at debug level.
    var lastDenial: [StrategyID: (code: RiskCode, time: Timestamp)] = [:]
    /// Orders to cancel as soon as the exchange acknowledges them.
    var cancelOnAcknowledge: Set<ClientOrderID> = []
    let journal: any FillJournal
    let logger: Logger
    /// Strategies reacting to rejections can loop; deeper callback chains are cut off.
    static let maxCallbackDepth = 8

    /// An engine trading `strategies` on `venue` with `accountLimits` for the whole account and
    /// `riskState` as persisted by an earlier run.
    public init(
        venue: Venue, strategies: [EngineStrategy], accountLimits: AccountRiskLimits, riskState: RiskState = RiskState(),
        journal: any FillJournal, logger: Logger
    ) {
        self.venue = venue
        self.slots = strategies.map {
            StrategySlot(id: $0.id, symbols: Set($0.symbols), parameters: $0.parameters, strategy: $0.strategy)
        }
        self.risk = RiskChecker(
            limits: Dictionary(uniqueKeysWithValues: strategies.map { ($0.id, $0.limits) }), accountLimits: accountLimits,
            state: riskState)
        self.journal = journal
        self.logger = logger
    }

    /// Every symbol some strategy trades.
    public var symbols: Set<Symbol> { slots.reduce(into: []) { $0.formUnion($1.symbols) } }

    /// Applies a fill recovered from the ledger at start-up: portfolio only, nothing recorded,
    /// no strategy told.
    public func restore(_ fill: Fill) {
        portfolio.apply(fill)
        lastTrade[fill.symbol] = fill.price
    }

    /// Takes a reloaded configuration: new risk limits, and new strategy instances (made with
    /// new parameters) for the strategies it already runs. Positions, open orders and trading
    /// states stay; a strategy id the engine does not run is ignored.
    public func reconfigure(strategies: [EngineStrategy], accountLimits: AccountRiskLimits) {
        var limits = risk.limits
        for strategy in strategies {
            guard let index = slotIndex(of: strategy.id) else { continue }
            slots[index].parameters = strategy.parameters
            slots[index].strategy = strategy.strategy
            slots[index].symbols = Set(strategy.symbols)
            limits[strategy.id] = strategy.limits
        }
        risk.update(limits: limits, accountLimits: accountLimits)
    }

    /// Resumes every scope that `saved` (the trading states on disk, as `tickwork resume` left
    /// them) shows active while this engine has it reducing or halted. The explicit way out of
    /// a halt for a running daemon.
    public func resumeScopes(activeIn saved: RiskState, at now: Timestamp) -> [TradingStateChange] {
        let scopes = [TradingScope.account] + slots.map { TradingScope.strategy($0.id) }
        return scopes.compactMap { scope in
            guard saved.status(of: scope).state == .active, risk.state.status(of: scope).state != .active else { return nil }
            return risk.resume(scope, now: now)
        }
    }

    /// Trading begins: each strategy's `start` intents.
    public func start(at now: Timestamp) throws -> [EngineAction] {
        var actions: [EngineAction] = []
        for index in slots.indices {
            let intents = slots[index].strategy.start(context: context(for: index, at: now))
            try process(intents, from: index, at: now, depth: 0, into: &actions)
        }
        return actions
    }

    /// Trading ends: each strategy's `stop` (only its cancels are honoured), then a cancel of
    /// every open order that has an exchange id.
    public func stop(at now: Timestamp) -> [EngineAction] {
        var actions: [EngineAction] = []
        for index in slots.indices {
            _ = slots[index].strategy.stop(context: context(for: index, at: now))
        }
        return cancelOpenOrders()
    }

    /// A cancel for every open order not already being cancelled (orders not yet acknowledged
    /// are cancelled when they are).
    public func cancelOpenOrders() -> [EngineAction] {
        var actions: [EngineAction] = []
        for order in orders.openOrders {
            cancel(order, into: &actions)
        }
        return actions
    }

    /// Reacts to one event.
    public func handle(_ event: EngineEvent) throws -> [EngineAction] {
        var actions: [EngineAction] = []
        let now = event.time
        switch event {
        case .book(let book):
            guard accept(book) else { return [] }
            portfolio.mark(book)
            try evaluateLoss(at: now, into: &actions)
            for index in slots.indices where slots[index].symbols.contains(book.symbol) {
                let intents = slots[index].strategy.onBook(book, context: context(for: index, at: now))
                try process(intents, from: index, at: now, depth: 0, into: &actions)
            }
        case .placed(let client, let status, _):
            let changes = orders.acknowledge(client, with: status)
            if cancelOnAcknowledge.remove(client) != nil, let order = orders.order(client) {
                cancel(order, into: &actions)
            }
            try apply(changes, at: now, into: &actions)
        case .placeRejected(let client, let reason, _):
            logger.warning("order rejected", ["client": client.description, "reason": reason])
            cancelOnAcknowledge.remove(client)
            try apply(orders.reject(client, reason: reason), at: now, into: &actions)
        case .placeOutcomeUnknown(let client, _):
            logger.warning("order outcome unknown; settling from the account's orders", ["client": client.description])
            orders.markOutcomeUnknown(client, at: now)
        case .cancelFailed(let orderID, let reason, _):
            logger.warning("cancel failed", ["order": orderID.description, "reason": reason])
            pendingCancels.remove(orderID)
        case .orderReports(let statuses, _):
            try apply(orders.apply(statuses), at: now, into: &actions)
        case .accountOrders(let statuses, let venue, let symbol, let requestedAt, _):
            try apply(orders.applyAccountOrders(statuses, venue: venue, symbol: symbol, requestedAt: requestedAt), at: now, into: &actions)
        case .timer:
            try evaluateLoss(at: now, into: &actions)
        }
        return actions
    }

    /// Whether `book` is newer (by exchange time) than the last one fed for its symbol; a stale
    /// or out-of-order snapshot is dropped and counted.
    private func accept(_ book: BookSnapshot) -> Bool {
        if let last = books[book.symbol], book.exchangeTime <= last.exchangeTime {
            statistics.booksDropped += 1
            return false
        }
        books[book.symbol] = book
        statistics.books += 1
        return true
    }

    /// The read-only view strategy `index` gets.
    func context(for index: Int, at now: Timestamp) -> StrategyContext {
        let id = slots[index].id
        return StrategyContext(
            strategyID: id, now: now, parameters: slots[index].parameters, positions: portfolio.positions[id] ?? [:],
            openOrders: orders.openOrders(of: id), cash: portfolio.cash(of: id), pnl: portfolio.pnl(of: id).total)
    }

    func slotIndex(of strategy: StrategyID) -> Int? {
        slots.firstIndex { $0.id == strategy }
    }
}
