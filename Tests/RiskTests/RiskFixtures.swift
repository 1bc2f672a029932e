import Risk
import StrategyKit
import TestSupport

/// Shared limits, books and helpers for the risk tests: one strategy `a` (and a second `b`)
/// trading FOOBAR around a mid of 50.00, all times hand-set from `t0`.
enum Fixture {
    static let a: StrategyID = "a"
    static let b: StrategyID = "b"
    static let symbol: Symbol = "FOOBAR"
    static let t0 = Timestamp(nanoseconds: 1_700_000_000_000_000_000)
    static let now = t0.advanced(byMilliseconds: 100)

    static let limits = RiskLimits(
        maxOrderQty: 100, maxPosition: 200, maxNotionalPerOrder: 1_000_000, maxOpenOrders: 3,
        priceCollarBasisPoints: 500, maxOrdersPerSecond: 2, staleBookMs: 500, allowMarketOrders: false,
        maxLoss: 10_000)
    static let account = AccountRiskLimits(maxSymbolPosition: 300, maxLoss: 15_000)

    static func checker(_ limits: RiskLimits = limits, state: RiskState = RiskState()) -> RiskChecker {
        RiskChecker(limits: [a: limits, b: limits], accountLimits: account, state: state)
    }

    /// Bids at 49.90, asks at 50.10 (mid 50.00), received at `t0`.
    static func book(bids: [Int64] = [4990], asks: [Int64] = [5010]) -> BookSnapshot {
        BookSnapshot.fixture(
            bids: bids.map { ($0, 10) }, asks: asks.map { ($0, 10) }, symbol: symbol, exchangeTime: t0, receivedTime: t0)
    }

    static func order(_ side: Side = .buy, _ qty: Int64 = 10, at price: Int64 = 5000, type: OrderType = .limit)
        -> OrderRequest
    {
        OrderRequest(symbol: symbol, side: side, type: type, price: Price(cents: price), qty: Quantity(shares: qty))
    }

    static func position(_ shares: Int64) -> Position {
        Position(quantity: Quantity(shares: shares), costBasis: Money(cents: shares * 5000))
    }

    static func open(_ side: Side, _ qty: Int64, at price: Int64 = 5000, id: Int64? = nil) -> OpenOrder {
        OpenOrder(id: id.map { OrderID($0) }, request: order(side, qty, at: price))
    }
}

extension RiskChecker {
    /// Checks `request` from `strategy` on the fixture book (or `book`) at `now`.
    mutating func decide(
        _ request: OrderRequest, from strategy: StrategyID = Fixture.a, book: BookSnapshot? = Fixture.book(),
        lastTrade: Price? = nil, exposure: RiskExposure = RiskExposure(), now: Timestamp = Fixture.now
    ) -> RiskDecision {
        check(request, from: strategy, book: book, lastTrade: lastTrade, exposure: exposure, now: now)
    }
}

extension RiskDecision {
    var denial: RiskDenial? {
        if case .denied(let denial) = self { return denial }
        return nil
    }

    var approval: ApprovedOrder? {
        if case .approved(let order) = self { return order }
        return nil
    }
}
