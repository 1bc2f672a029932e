import Risk
@_spi(Host) import StrategyKit
import Testing
import TestSupport
import Trading

/// Builds engines, books and order statuses with a manual clock (plain timestamps).
public struct EngineHarness {
    public let strategy = ScriptedStrategy()
    public let journal = MemoryFillJournal()
    public let logs = CollectingHandler()
    public let engine: TradingEngine

    /// An engine journaling into `journal`, or into the harness's memory journal when nil, its
    /// strategy subscribed to `data`, on a venue that keeps `capabilities`' orders.
    public init(
        limits: RiskLimits = RiskLimits.defaults, accountLimits: AccountRiskLimits = .defaults, journal other: (any FillJournal)? = nil,
        data: MarketDataSubscription = .everyBook, capabilities: VenueCapabilities = .plainOrders, emulatedOrders: Bool = true
    ) throws {
        let parameters = try StrategyParameters(schema: [])
        engine = TradingEngine(
            venue: "TESTEX",
            strategies: [
                EngineStrategy(id: "s1", symbols: ["FOOBAR"], parameters: parameters, strategy: strategy, limits: limits, data: data)
            ],
            accountLimits: accountLimits, journal: other ?? journal, logger: Logger(part: "engine", level: .debug, handler: logs),
            capabilities: capabilities, emulatedOrders: emulatedOrders)
    }

    public static func time(_ milliseconds: Int64) -> Timestamp { Timestamp(nanoseconds: milliseconds * 1_000_000) }

    public static func book(at milliseconds: Int64, bid: Int64 = 5_000, ask: Int64 = 5_010, exchangeAt: Int64? = nil) -> BookSnapshot {
        BookSnapshot.fixture(
            bids: [(bid, 100)], asks: [(ask, 100)], exchangeTime: time(exchangeAt ?? milliseconds), receivedTime: time(milliseconds),
            sequence: UInt64(milliseconds))
    }

    public static func status(
        id: OrderID, side: Side = .buy, price: Price = 5_010, qty: Quantity = 10, fills: [OrderFill] = [], open: Bool = true
    ) -> OrderStatus {
        let filled = fills.reduce(Quantity.zero) { $0 + $1.qty }
        return OrderStatus(
            id: id, venue: "TESTEX", symbol: "FOOBAR", account: "EXB123456", side: side, type: .limit, price: price,
            originalQty: qty, qty: open ? qty - filled : .zero, ts: time(1), fills: fills, totalFilled: filled, open: open)
    }

    public static let buy = OrderRequest(symbol: "FOOBAR", side: .buy, price: 5_010, qty: 10, tag: "t")

    /// Sends one buy on the first book and returns its client id.
    public func placeOneBuy(at milliseconds: Int64 = 1) throws -> ClientOrderID {
        strategy.onBookIntents = { _, _ in [.place(Self.buy)] }
        let actions = try engine.handle(.book(Self.book(at: milliseconds)))
        strategy.onBookIntents = { _, _ in [] }
        guard case .place(let client, _)? = actions.first else {
            Issue.record("expected a place action, got \(actions)")
            return ClientOrderID(rawValue: 0)
        }
        return client
    }

    /// A harness whose strategy (loss limit $10) bought 4 shares at 50.10 in order 7 before the
    /// market fell $5, and the actions of the book that showed the fall.
    public static func losingBeyondItsLimit() throws -> (harness: EngineHarness, actions: [EngineAction]) {
        var limits = RiskLimits.defaults
        limits.maxLoss = 1_000
        let harness = try EngineHarness(limits: limits)
        let client = try harness.placeOneBuy()
        let fill = OrderFill(price: 5_010, qty: 4, ts: time(2))
        _ = try harness.engine.handle(.placed(client, status(id: 7, fills: [fill]), at: time(2)))
        return (harness, try harness.engine.handle(.book(book(at: 3, bid: 4_500, ask: 4_520))))
    }
}
