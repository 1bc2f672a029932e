import Risk
import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// The engine keeps each strategy's open orders and holdings ready between changes, and skips
/// loss evaluations that could change nothing. These tests drive it with random events (books,
/// exchange answers, timers, resumes, new limits) and check after each one that what it keeps
/// is what it would compute afresh.
@Suite(.timeLimit(.minutes(10))) struct EngineCacheTests {
    /// The strategies' generator, shared by their closures.
    final class RandomBox {
        var generator: SplitMix64
        init(_ generator: SplitMix64) { self.generator = generator }
    }

    /// An exchange answering the engine's orders at random: acknowledged (sometimes with a fill),
    /// rejected, filled in parts, closed.
    struct Market {
        var random: SplitMix64
        var time: Int64 = 0
        var mids: [Symbol: Int64] = ["FOOBAR": 5_000, "BAZ": 2_000]
        var pending: [(ClientOrderID, OrderRequest)] = []
        var live: [(status: OrderStatus, request: OrderRequest)] = []
        var nextID: Int64 = 1

        /// The report of order `id`; `opened` is its open time (the exchange's `ts`, which stays
        /// the same in every report of an order), now when nil.
        mutating func status(
            _ id: OrderID, _ request: OrderRequest, fills: [OrderFill], open: Bool, opened: Timestamp? = nil
        ) -> OrderStatus {
            let filled = fills.reduce(Quantity.zero) { $0 + $1.qty }
            return OrderStatus(
                id: id, venue: "TESTEX", symbol: request.symbol, account: "EXB123456", side: request.side, type: request.type,
                price: request.price, originalQty: request.qty, qty: open ? request.qty - filled : .zero,
                ts: opened ?? Timestamp(nanoseconds: time), fills: fills, totalFilled: filled, open: open)
        }

        /// A fill of up to `upTo` more shares of `request`, at its price.
        mutating func fill(_ request: OrderRequest, after fills: [OrderFill], upTo: Int64 = 5) -> OrderFill? {
            let left = request.qty.shares - fills.reduce(0) { $0 + $1.qty.shares }
            guard left > 0 else { return nil }
            return OrderFill(price: request.price, qty: Quantity(shares: Int64.random(in: 1...min(left, upTo), using: &random)), ts: Timestamp(nanoseconds: time))
        }

        mutating func book(_ symbol: Symbol) -> BookSnapshot {
            mids[symbol, default: 1_000] += Int64.random(in: -30...30, using: &random)
            let mid = mids[symbol, default: 1_000]
            let oneSided = Int.random(in: 0..<10, using: &random) == 0
            let stale = Int.random(in: 0..<10, using: &random) == 0
            return BookSnapshot.fixture(
                bids: [(mid - 5, 100)], asks: oneSided ? [] : [(mid + 5, Int64(100))], symbol: symbol,
                exchangeTime: Timestamp(nanoseconds: stale ? time - 1_000_000 : time), receivedTime: Timestamp(nanoseconds: time),
                sequence: UInt64(time))
        }
    }

    /// What each strategy is told must match the tracker and the portfolio at that moment.
    static func expectCurrent(_ context: StrategyContext, in engine: TradingEngine) {
        let id = context.strategyID
        #expect(context.openOrders == engine.orders.openOrders(of: id))
        #expect(context.positions == engine.portfolio.positions[id] ?? [:])
        #expect(context.cash == engine.portfolio.cash(of: id))
        #expect(context.pnl == engine.portfolio.pnl(of: id).total)
    }

    /// After a book, a timer or a fill the loss limits are settled: evaluating them again, with a
    /// checker that keeps nothing from earlier evaluations, changes nothing.
    static func expectLossSettled(_ engine: TradingEngine, at time: Timestamp) {
        var risk = RiskChecker(limits: engine.risk.limits, accountLimits: engine.risk.accountLimits, state: engine.risk.state)
        #expect(risk.evaluateLoss(pnl: engine.portfolio.pnlByStrategy, now: time).isEmpty)
        #expect(risk.state == engine.risk.state)
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func keptContextsAndLossChecksMatchAFreshComputation(seed: UInt64) throws {
        var limits = RiskLimits.defaults
        limits.maxLoss = 300
        let strategies = [ScriptedStrategy(), ScriptedStrategy()]
        let parameters = try StrategyParameters(schema: [])
        let engine = TradingEngine(
            venue: "TESTEX",
            strategies: [
                EngineStrategy(id: "s1", symbols: ["FOOBAR"], parameters: parameters, strategy: strategies[0], limits: limits),
                EngineStrategy(id: "s2", symbols: ["FOOBAR", "BAZ"], parameters: parameters, strategy: strategies[1], limits: limits),
            ],
            accountLimits: AccountRiskLimits(maxSymbolPosition: 2_000, maxLoss: 500), journal: MemoryFillJournal(),
            logger: Logger(part: "engine", level: .error, handler: CollectingHandler()))
        // Short, so that unknown placements the market never took are settled within the run.
        engine.settlementWindowMs = 1_000
        let random = RandomBox(SplitMix64(seed: seed))
        for strategy in strategies {
            strategy.onBookIntents = { [unowned engine] book, context in
                Self.expectCurrent(context, in: engine)
                return Self.intents(for: book, context: context, random: &random.generator)
            }
            strategy.onFillIntents = { [unowned engine] _, context in
                Self.expectCurrent(context, in: engine)
                return []
            }
            strategy.onUpdateIntents = { [unowned engine] _, context in
                Self.expectCurrent(context, in: engine)
                return []
            }
        }

        var market = Market(random: SplitMix64(seed: seed &* 31))
        var booksSeen = 0
        var halts = 0
        var uncertain = 0
        for _ in 0..<3_000 {
            market.time += Int64.random(in: 1...50_000_000, using: &market.random)
            let now = Timestamp(nanoseconds: market.time)
            let fillsBefore = engine.statistics.fills
            let actions: [EngineAction]
            var settles = false
            switch Int.random(in: 0..<23, using: &market.random) {
            case 0..<9:
                let symbol: Symbol = Bool.random(using: &market.random) ? "FOOBAR" : "BAZ"
                actions = try engine.handle(.book(market.book(symbol)))
                booksSeen += 1
                settles = true
            case 9..<12 where !market.pending.isEmpty:
                let (client, request) = market.pending.removeFirst()
                let id = OrderID(market.nextID)
                market.nextID += 1
                let fills = Bool.random(using: &market.random) ? [market.fill(request, after: [])].compactMap { $0 } : []
                let status = market.status(id, request, fills: fills, open: true)
                market.live.append((status, request))
                actions = try engine.handle(.placed(client, status, at: now))
            case 12 where !market.pending.isEmpty:
                let (client, _) = market.pending.removeFirst()
                actions = try engine.handle(.placeRejected(client, reason: "EXCHANGE_REJECTED", at: now))
            case 13..<16 where !market.live.isEmpty:
                let index = Int.random(in: market.live.indices, using: &market.random)
                var (status, request) = market.live[index]
                if let fill = market.fill(request, after: status.fills) {
                    let fills = status.fills + [fill]
                    let open = fills.reduce(Quantity.zero) { $0 + $1.qty } < request.qty
                    status = market.status(status.id, request, fills: fills, open: open, opened: status.ts)
                }
                if status.open { market.live[index].status = status } else { market.live.remove(at: index) }
                actions = try engine.handle(.orderReports([status], at: now))
            case 16 where !market.live.isEmpty:
                let (status, request) = market.live.remove(at: Int.random(in: market.live.indices, using: &market.random))
                actions = try engine.handle(
                    .orderReports([market.status(status.id, request, fills: status.fills, open: false, opened: status.ts)], at: now))
            case 17:
                market.time += Bool.random(using: &market.random) ? 86_400_000_000_000 : 0
                actions = try engine.handle(.timer(Timestamp(nanoseconds: market.time)))
                settles = true
            case 18:
                _ = engine.resumeScopes(activeIn: RiskState(), at: now)
                actions = []
            case 19:
                var newLimits = limits
                newLimits.maxLoss = Money(cents: Int64.random(in: 100...600, using: &market.random))
                engine.reconfigure(
                    strategies: [EngineStrategy(id: "s1", symbols: ["FOOBAR"], parameters: parameters, strategy: strategies[0], limits: newLimits)],
                    accountLimits: AccountRiskLimits(maxSymbolPosition: 2_000, maxLoss: 500))
                actions = []
            case 20 where !market.pending.isEmpty:
                // The answer was lost; the market took the order or not.
                let (client, request) = market.pending.removeFirst()
                if Bool.random(using: &market.random) {
                    market.live.append((market.status(OrderID(market.nextID), request, fills: [], open: true), request))
                    market.nextID += 1
                }
                actions = try engine.handle(.placeOutcomeUnknown(client, at: now))
                uncertain += 1
            case 21:
                let listed = market.live.map(\.status)
                actions = try engine.handle(.accountOrders(listed, venue: "TESTEX", symbol: nil, requestedAt: now, at: now))
            case 22 where !market.live.isEmpty:
                let (status, _) = market.live[Int.random(in: market.live.indices, using: &market.random)]
                actions = try engine.handle(.cancelFailed(status.id, reason: "EXCHANGE_TIMEOUT", at: now))
            default:
                actions = []
            }
            for case .place(let client, let order) in actions {
                market.pending.append((client, order.request))
            }
            for case .tradingStateChanged(let change) in actions where change.to == .halted {
                halts += 1
            }
            if settles || engine.statistics.fills > fillsBefore {
                Self.expectLossSettled(engine, at: Timestamp(nanoseconds: market.time))
            }
        }
        #expect(booksSeen > 1_000)
        #expect(engine.statistics.fills > 20)
        #expect(halts > 2)
        #expect(uncertain > 10)
        // No clash: the market never reuses an id.
        #expect(engine.risk.state.strategies.values.allSatisfy { $0.code != .orderIDClash })
    }

    /// A strategy at random: buys or sells near the book, cancels one of its orders, or waits.
    static func intents(for book: BookSnapshot, context: StrategyContext, random: inout SplitMix64) -> [Intent] {
        guard let bid = book.bestBid else { return [] }
        switch Int.random(in: 0..<10, using: &random) {
        case 0, 1:
            let side: Side = Bool.random(using: &random) ? .buy : .sell
            let price = side == .buy ? bid : bid + Price(cents: 10)
            return [.place(OrderRequest(symbol: book.symbol, side: side, price: price, qty: Quantity(shares: Int64.random(in: 1...8, using: &random))))]
        case 2:
            guard let id = context.openOrders.compactMap(\.id).randomElement(using: &random) else { return [] }
            return [.cancel(id)]
        case 3:
            return [.cancelAll(book.symbol)]
        default:
            return []
        }
    }

    @Test func aResumedStrategyStillBeyondItsLossIsHaltedAgainOnTheNextBook() throws {
        let harness = try EngineHarness.losingBeyondItsLimit().harness
        #expect(harness.engine.risk.state.status(of: .strategy("s1")).state == .halted)

        _ = harness.engine.resumeScopes(activeIn: RiskState(), at: EngineHarness.time(4))
        #expect(harness.engine.risk.state.status(of: .strategy("s1")).state == .active)
        // The same mid again: nothing moved but the trading state, and that is enough.
        let actions = try harness.engine.handle(.book(EngineHarness.book(at: 5, bid: 4_500, ask: 4_520)))
        #expect(actions.contains { if case .tradingStateChanged(let change) = $0 { change.to == .halted } else { false } })
    }

    @Test func eachBookReachesTheStrategiesTradingItsSymbolInOrder() throws {
        let first = ScriptedStrategy()
        let second = ScriptedStrategy()
        var heard: [String] = []
        first.onBookIntents = { book, _ in
            heard.append("s1 \(book.symbol)")
            return []
        }
        second.onBookIntents = { book, _ in
            heard.append("s2 \(book.symbol)")
            return []
        }
        let parameters = try StrategyParameters(schema: [])
        let engine = TradingEngine(
            venue: "TESTEX",
            strategies: [
                EngineStrategy(id: "s1", symbols: ["FOOBAR", "BAZ"], parameters: parameters, strategy: first, limits: .defaults),
                EngineStrategy(id: "s2", symbols: ["FOOBAR"], parameters: parameters, strategy: second, limits: .defaults),
            ],
            accountLimits: .defaults, journal: MemoryFillJournal(), logger: Logger(part: "engine", level: .error, handler: CollectingHandler()))
        func book(_ symbol: Symbol, at milliseconds: Int64) -> BookSnapshot {
            var book = EngineHarness.book(at: milliseconds)
            book.symbol = symbol
            return book
        }
        _ = try engine.handle(.book(book("FOOBAR", at: 1)))
        _ = try engine.handle(.book(book("BAZ", at: 2)))
        _ = try engine.handle(.book(book("OTHER", at: 3)))
        #expect(heard == ["s1 FOOBAR", "s2 FOOBAR", "s1 BAZ"])
        #expect(Set(engine.books.keys) == ["FOOBAR", "BAZ", "OTHER"])

        heard = []
        engine.reconfigure(
            strategies: [EngineStrategy(id: "s2", symbols: ["BAZ", "OTHER"], parameters: parameters, strategy: second, limits: .defaults)],
            accountLimits: .defaults)
        _ = try engine.handle(.book(book("FOOBAR", at: 4)))
        _ = try engine.handle(.book(book("BAZ", at: 5)))
        _ = try engine.handle(.book(book("OTHER", at: 6)))
        #expect(heard == ["s1 FOOBAR", "s1 BAZ", "s2 BAZ", "s2 OTHER"])
    }
}
