import StrategyKit

/// The pre-trade risk checker and keeper of the trading states.
///
/// Pure and synchronous: it reads no clock (time comes in as `now`), does no I/O, and given the
/// same inputs in the same order makes the same decisions, live and in a backtest. Every new
/// order passes through `check`; cancels are never checked and pass in every state (the
/// router's cancel path takes an order id, not an `ApprovedOrder`).
///
/// The checks run in this order and the first that fails decides the denial: an unsettled
/// order of the strategy in the symbol, the strategy's limits, trading state (halted, then
/// reducing), quantity, price, market orders, book age, strategy position, account position in
/// the symbol, notional, open orders, price collar, order rate, self-trade.
public struct RiskChecker: Sendable {
    /// Each strategy's risk budget; a strategy without one is denied `RISK_UNKNOWN_STRATEGY`.
    public private(set) var limits: [StrategyID: RiskLimits] {
        didSet { lossBaselines = nil }
    }
    /// The limits across all strategies.
    public private(set) var accountLimits: AccountRiskLimits {
        didSet { lossBaselines = nil }
    }
    /// The trading states and day baselines to persist after every `TradingStateChange`.
    public internal(set) var state: RiskState {
        didSet { lossBaselines = nil }
    }
    private var rate = OrderRateWindow()
    /// What the last full loss evaluation settled, while the states and limits stay as they were.
    var lossBaselines: LossBaselines?

    /// A checker with these limits, continuing from `state` (as persisted before a restart).
    public init(limits: [StrategyID: RiskLimits], accountLimits: AccountRiskLimits, state: RiskState = RiskState()) {
        self.limits = limits
        self.accountLimits = accountLimits
        self.state = state
    }

    /// Takes new limits (a configuration reload). Trading states are left as they are: a halted
    /// strategy stays halted until `resume`.
    public mutating func update(limits: [StrategyID: RiskLimits], accountLimits: AccountRiskLimits) {
        self.limits = limits
        self.accountLimits = accountLimits
    }

    /// Approves `request` from `strategy` or denies it with a stable code and the numbers.
    ///
    /// - Parameters:
    ///   - book: the latest book of the request's symbol, nil if none arrived yet.
    ///   - lastTrade: the symbol's last trade price, the collar's reference when a side is empty.
    ///   - exposure: positions and open orders of every strategy of the account, not counting
    ///     this request.
    ///   - now: the engine's clock; an approval counts towards the order rate at this time.
    public mutating func check(
        _ request: OrderRequest, from strategy: StrategyID, book: BookSnapshot?, lastTrade: Price?,
        exposure: RiskExposure, now: Timestamp
    ) -> RiskDecision {
        check(request, from: strategy, book: book.map { BookView($0) }, lastTrade: lastTrade, exposure: exposure, now: now)
    }

    /// The same against the book as a view (our resting orders beside it, as a backtest keeps
    /// it): the checks read the shown book's mid without the book being merged for them.
    public mutating func check(
        _ request: OrderRequest, from strategy: StrategyID, book: BookView?, lastTrade: Price?,
        exposure: RiskExposure, now: Timestamp
    ) -> RiskDecision {
        if let denial = Self.unsettledDenial(of: request, from: strategy, exposure: exposure) { return .denied(denial) }
        guard let strategyLimits = limits[strategy] else {
            return .denied(
                RiskDenial(
                    code: .unknownStrategy, strategyID: strategy, request: request, limit: nil, actual: nil,
                    checked: { "no risk limits configured for \(strategy)" }))
        }
        let order = OrderCheck(
            request: request, strategy: strategy, limits: strategyLimits, accountLimits: accountLimits, book: book,
            lastTrade: lastTrade, exposure: exposure, now: now)
        if let denial = order.firstDenial(state: state, recentOrders: rate.count(for: strategy, at: now)) {
            return .denied(denial)
        }
        guard let venue = book?.book.venue else { preconditionFailure("an approved order had a fresh book") }
        rate.record(for: strategy, at: now)
        return .approved(ApprovedOrder(strategyID: strategy, venue: venue, request: request, approvedAt: now))
    }

    /// A denial (`RISK_UNSETTLED_ORDER`) while an order of `strategy` in the request's symbol has
    /// an unknown placement outcome: until the account's orders settle it, the strategy's
    /// position there is not known, and a second order could double it. Names the oldest such
    /// order.
    private static func unsettledDenial(of request: OrderRequest, from strategy: StrategyID, exposure: RiskExposure)
        -> RiskDenial?
    {
        let unsettled = exposure.firstOrder {
            $0.strategyID == strategy && $0.order.request.symbol == request.symbol && $0.unsettledName != nil
        }
        guard let name = unsettled?.unsettledName else { return nil }
        return RiskDenial(
            code: .unsettledOrder, strategyID: strategy, request: request, limit: nil, actual: nil,
            message: "order \(name) in \(request.symbol) has an unknown outcome; waiting for the account's orders to settle it")
    }
}
