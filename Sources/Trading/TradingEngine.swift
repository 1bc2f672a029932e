import Risk
@_spi(Host) import StrategyKit

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
    // What the engine keeps derived from the portfolio and the order tracker (each strategy's
    // open orders, holdings and P&L) is marked out of date by any change to them and brought up
    // to date when next needed: a book that changes neither rebuilds nothing. The portfolio
    // changes through `applyToPortfolio` (a fill: holdings and P&L) and `mark` (a new mid: P&L
    // only).
    public private(set) var portfolio = Portfolio() {
        didSet { lossEvaluatedDay = nil }
    }
    public internal(set) var orders = OrderTracker() {
        didSet {
            openOrdersAreCurrent = false
            changes &+= 1
        }
    }
    public internal(set) var risk: RiskChecker {
        didSet { lossEvaluatedDay = nil }
    }
    /// The UTC day the loss limits were last evaluated on, if neither the portfolio nor the risk
    /// checker changed since (each change clears it). An evaluation on that day again would be
    /// given what the last one left and so change nothing (see `evaluateLoss`): most books move
    /// neither the mark nor anything else.
    var lossEvaluatedDay: Int64?
    public internal(set) var statistics = EngineStatistics()
    var slots: [StrategySlot]
    /// Each symbol the engine has had a book of, in order of first sight.
    var symbolSlots: [SymbolSlot] = []
    /// Whether every slot's context has the open orders the tracker gives.
    var openOrdersAreCurrent = false
    /// Whether every slot's context has the positions and cash the portfolio gives.
    var holdingsAreCurrent = false
    /// Whether every slot's context has the P&L the portfolio gives.
    var pnlIsCurrent = false
    /// Orders whose cancel has been sent and not yet answered, so a cancel is sent once.
    var pendingCancels: Set<OrderID> = []
    /// Each strategy's last denial logged as a warning, to keep repeats at debug level.
    var lastDenial: [StrategyID: (code: RiskCode, time: Timestamp)] = [:]
    /// Orders to cancel as soon as the exchange acknowledges them.
    var cancelOnAcknowledge: Set<ClientOrderID> = []
    /// Ids of which two orders were reported, logged as an error once.
    var reportedClashes: Set<OrderID> = []
    let journal: any FillJournal
    let logger: Logger
    /// Told of every order sent or changed, every denial and every trading-state change, as
    /// they happen (the daemon's history); nil: nobody is.
    public var orderFlow: (any OrderFlowObserver)?
    /// Set by `stop`: from then on strategies hear nothing more (so they place nothing more),
    /// while fills and cancel responses are still recorded.
    public internal(set) var isStopped = false
    /// A count of changes to the orders and the holdings: a strategy on `quotes` is given the
    /// next book whatever it shows when this moved since its last one.
    var changes = 0
    /// The strategies' timers, all slots together.
    var timerCount = 0 {
        didSet { mayWakeUp = timerCount > 0 || !barBuilders.isEmpty }
    }
    /// Whether the engine has timers or bars, so that `nextWakeUp` may be non-nil: a stored
    /// flag a backtest reads before every book without a call.
    public private(set) var mayWakeUp = false
    /// Bars being built, one per symbol and timeframe some strategy subscribed to.
    var barBuilders: [BarBuilder] = [] {
        didSet { mayWakeUp = timerCount > 0 || !barBuilders.isEmpty }
    }
    /// The market's session as last reported; a venue that never reports one is always open.
    public internal(set) var session = MarketSession.alwaysOpen
    /// Which orders the venue keeps itself; the engine holds the others (emulates them).
    let capabilities: VenueCapabilities
    /// Whether the configuration lets the engine hold orders the venue cannot keep.
    let emulationAllowed: Bool
    /// Orders held by the engine, oldest first.
    var emulated: [EmulatedOrder] = []
    /// The id the next held order gets: negative, counting down.
    var nextEmulatedID: Int64 = -1
    /// Groups the engine follows for the venue.
    var groups: [EngineOrderGroup] = []
    var nextGroupID = 1
    /// Replaces waiting for their old order to close.
    var replacements: [PendingReplacement] = []
    /// The latest fills, newest last, to tell a strategy which trades were its own.
    var recentFills: [Fill] = []
    /// An operator's flatten under way, advanced by every event but a book.
    var flattening: Flatten?
    /// Strategies reacting to rejections can loop; deeper callback chains are cut off.
    static let maxCallbackDepth = 8

    /// An engine trading `strategies` on `venue` with `accountLimits` for the whole account and
    /// `riskState` as persisted by an earlier run. The venue keeps the orders `capabilities`
    /// says; the engine holds the others unless `emulatedOrders` is false.
    public init(
        venue: Venue, strategies: [EngineStrategy], accountLimits: AccountRiskLimits, riskState: RiskState = RiskState(),
        journal: any FillJournal, logger: Logger, capabilities: VenueCapabilities = .plainOrders, emulatedOrders: Bool = true
    ) {
        self.venue = venue
        self.capabilities = capabilities
        self.emulationAllowed = emulatedOrders
        self.slots = strategies.map {
            StrategySlot(id: $0.id, symbols: Set($0.symbols), parameters: $0.parameters, strategy: $0.strategy, data: $0.data)
        }
        self.risk = RiskChecker(
            limits: Dictionary(uniqueKeysWithValues: strategies.map { ($0.id, $0.limits) }), accountLimits: accountLimits,
            state: riskState)
        self.journal = journal
        self.logger = logger
        barBuilders = Self.barBuilders(for: slots)
        // Observers do not run in an initializer.
        mayWakeUp = !barBuilders.isEmpty
    }

    /// How long after a placement with an unknown outcome was sent the account's orders must
    /// still not show it before it counts as never placed (`OrderTracker.settlementWindowMs`).
    public var settlementWindowMs: Int64 {
        get { orders.settlementWindowMs }
        set { orders.settlementWindowMs = newValue }
    }

    /// The latest book fed for each symbol.
    public var books: [Symbol: BookSnapshot] {
        Dictionary(uniqueKeysWithValues: symbolSlots.map { ($0.symbol, $0.book) })
    }

    /// The strategies the engine runs, in configuration order.
    public var strategyIDs: [StrategyID] { slots.map(\.id) }

    /// Every symbol some strategy trades.
    public var symbols: Set<Symbol> { slots.reduce(into: []) { $0.formUnion($1.symbols) } }

    /// Applies a fill recovered from the ledger at start-up: portfolio only, nothing recorded,
    /// no strategy told.
    public func restore(_ fill: Fill) {
        applyToPortfolio(fill)
    }

    /// Books `fill` to the portfolio (its price becomes the symbol's last trade there).
    func applyToPortfolio(_ fill: Fill) {
        portfolio.apply(fill)
        changes &+= 1
        recentFills.append(fill)
        if recentFills.count > 16 { recentFills.removeFirst() }
        holdingsAreCurrent = false
        pnlIsCurrent = false
    }

    /// Takes a reloaded configuration: new risk limits, and new strategy instances (made with
    /// new parameters) for the strategies it already runs. Positions, open orders and trading
    /// states stay; a strategy id the engine does not run is ignored.
    public func reconfigure(strategies: [EngineStrategy], accountLimits: AccountRiskLimits) {
        var limits = risk.limits
        for strategy in strategies {
            guard let index = slotIndex(of: strategy.id) else { continue }
            slots[index].context!.parameters = strategy.parameters
            slots[index].strategy = strategy.strategy
            slots[index].symbols = Set(strategy.symbols)
            slots[index].data = strategy.data
            limits[strategy.id] = strategy.limits
        }
        for index in symbolSlots.indices {
            symbolSlots[index].subscribers = subscribers(of: symbolSlots[index].symbol)
        }
        barBuilders = Self.barBuilders(for: slots, keeping: barBuilders)
        risk.update(limits: limits, accountLimits: accountLimits)
    }

    /// Resumes every scope that `saved` (the trading states on disk, as `tickwork resume` left
    /// them) shows active while this engine has it reducing or halted. The explicit way out of
    /// a halt for a running daemon.
    public func resumeScopes(activeIn saved: RiskState, at now: Timestamp) -> [TradingStateChange] {
        let scopes = [TradingScope.account] + slots.map { TradingScope.strategy($0.id) }
        return scopes.compactMap { scope in
            guard saved.status(of: scope).state == .active, risk.state.status(of: scope).state != .active,
                  let change = risk.resume(scope, now: now) else { return nil }
            orderFlow?.tradingStateChanged(change)
            return change
        }
    }

    /// Trading begins: the loss limits are evaluated on what the ledger and reconciliation
    /// booked (a loss made while the daemon was down halts before any new order), then each
    /// strategy's `start` intents.
    public func start(at now: Timestamp) throws -> [EngineAction] {
        var actions: [EngineAction] = []
        try evaluateLoss(at: now, into: &actions)
        for index in slots.indices {
            let intents = call(index, at: now) { $0.start(context: $1) }
            try process(intents, from: index, at: now, depth: 0, into: &actions)
        }
        return actions
    }

    /// Halts `scope` for `code`, a reason found outside the engine (the trading state could not
    /// be saved): its open orders are cancelled and nothing new is placed until an operator
    /// resumes it. No action when it is halted already.
    public func halt(_ scope: TradingScope, code: RiskCode, at now: Timestamp) -> [EngineAction] {
        var actions: [EngineAction] = []
        if let change = risk.halt(scope, code: code, now: now) { act(on: change, into: &actions) }
        return actions
    }

    /// Trading ends: each strategy's `stop` (only its cancels are honoured), then a cancel of
    /// every open order that has an exchange id.
    public func stop(at now: Timestamp) -> [EngineAction] {
        for index in slots.indices {
            _ = call(index, at: now) { $0.stop(context: $1) }
        }
        isStopped = true
        if !emulated.isEmpty {
            logger.warning("held (emulated) orders end with the engine", ["orders": emulated.map(\.id.description).joined(separator: ",")])
            emulated.removeAll()
            groups.removeAll()
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
            return try handle(book: BookView(book))
        case .trade(let trade):
            try react(to: trade, into: &actions)
        case .session(let session, _):
            try react(to: session, at: now, into: &actions)
        case .filing(let filing, _):
            try react(to: filing, at: now, into: &actions)
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
            try fireTimers(at: now, into: &actions)
            try evaluateLoss(at: now, into: &actions)
        }
        if flattening != nil { advanceFlatten(at: now, into: &actions) }
        return actions
    }

    /// Reacts to a book: live, an exchange's book (our orders in it, nothing beside it); in a
    /// backtest, a recorded book with our resting orders beside it rather than merged in. The
    /// mark and the risk checks see `view.shown`; each subscribed strategy is given the view when
    /// its subscription asks for this book (`MarketDataSubscription`).
    public func handle(book view: BookView) throws -> [EngineAction] {
        var actions: [EngineAction] = []
        guard let symbolIndex = accept(view.book, ownBids: view.ownBids, ownAsks: view.ownAsks) else { return [] }
        let now = view.book.receivedTime
        mark(view.mid, at: symbolIndex)
        try evaluateLoss(at: now, into: &actions)
        if !emulated.isEmpty { try triggerEmulatedOrders(in: view, at: now, into: &actions) }
        // By position rather than `for in`, which would retain the subscribers' array for
        // the loop on every book; nothing a strategy callback does changes the array.
        var position = 0
        while position < symbolSlots[symbolIndex].subscribers.count, !isStopped {
            let index = symbolSlots[symbolIndex].subscribers[position]
            position += 1
            // Most strategies take every book: asked here, without a call.
            if case .every? = slots[index].books {} else if !wantsBook(view, slot: index) { continue }
            let intents = call(index, at: now) { $0.onBook(view, context: $1) }
            try process(intents, from: index, at: now, depth: 0, into: &actions)
        }
        return actions
    }

    /// The index in `symbolSlots` of `book`'s symbol if `book` is newer (by exchange time) than
    /// the last one fed for its symbol, which it replaces (with our resting orders `ownBids`
    /// and `ownAsks` beside it); nil for a stale or out-of-order snapshot, which is dropped and
    /// counted.
    private func accept(_ book: BookSnapshot, ownBids: [BookEntry], ownAsks: [BookEntry]) -> Int? {
        guard let index = symbolSlots.firstIndex(where: { $0.symbol == book.symbol }) else {
            symbolSlots.append(SymbolSlot(book: book, ownBids: ownBids, ownAsks: ownAsks, subscribers: subscribers(of: book.symbol)))
            statistics.books += 1
            return symbolSlots.count - 1
        }
        guard book.exchangeTime > symbolSlots[index].exchangeTime else {
            statistics.booksDropped += 1
            return nil
        }
        symbolSlots[index].replaceBook(with: book, ownBids: ownBids, ownAsks: ownAsks)
        statistics.books += 1
        return index
    }

    /// Marks the portfolio to the new book's `mid` (as shown) when it moved; a book with an
    /// empty side leaves the mark as it was.
    private func mark(_ mid: Price?, at symbolIndex: Int) {
        guard let mid, mid != symbolSlots[symbolIndex].mark else { return }
        symbolSlots[symbolIndex].mark = mid
        portfolio.mark(symbolSlots[symbolIndex].symbol, at: mid)
        pnlIsCurrent = false
    }

    /// The latest book of `symbol` with our resting orders beside it, nil if none was fed.
    func bookView(of symbol: Symbol) -> BookView? {
        symbolSlots.first { $0.symbol == symbol }?.view
    }

    /// Calls `callback` with strategy `index` and its read-only view at `now`. The view is lent
    /// from the slot (moved out and back) rather than copied, which would retain and release
    /// each of its parts; strategies only return intents, so nothing needs it meanwhile.
    func call(_ index: Int, at now: Timestamp, _ callback: (any Strategy, StrategyContext) -> [Intent]) -> [Intent] {
        refreshSlots()
        guard var context = slots[index].context.take() else { preconditionFailure("a strategy callback re-entered the engine") }
        context.now = now
        let intents = callback(slots[index].strategy, context)
        slots[index].context = consume context
        return intents
    }

    /// Brings each slot's open orders, holdings and P&L in line with the tracker and the
    /// portfolio, where either changed since the last time.
    func refreshSlots() {
        if !openOrdersAreCurrent {
            for index in slots.indices {
                let id = slots[index].id
                var openOrders = orders.openOrders(of: id)
                if !emulated.isEmpty { openOrders += emulated.filter { $0.strategyID == id }.map(\.openOrder) }
                slots[index].context!.openOrders = openOrders
            }
            openOrdersAreCurrent = true
        }
        if !holdingsAreCurrent {
            for index in slots.indices {
                let id = slots[index].id
                slots[index].context!.positions = portfolio.positions[id] ?? [:]
                slots[index].context!.cash = portfolio.cash(of: id)
            }
            holdingsAreCurrent = true
        }
        if !pnlIsCurrent {
            // The portfolio keeps the totals valued; a strategy that never traded has none.
            let totals = portfolio.totals
            for index in slots.indices {
                let id = slots[index].id
                slots[index].context!.pnl = totals.first { $0.key == id }?.value ?? .zero
            }
            pnlIsCurrent = true
        }
    }

    /// The indices of the slots of the strategies trading `symbol`, in slot order.
    private func subscribers(of symbol: Symbol) -> [Int] {
        slots.indices.filter { slots[$0].symbols.contains(symbol) }
    }

    func slotIndex(of strategy: StrategyID) -> Int? {
        slots.firstIndex { $0.id == strategy }
    }
}
