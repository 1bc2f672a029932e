import StrategyKit

/// Starts a run-up and sells into the traders who chase it: buys `pushQty` shares in
/// immediate-or-cancel slices priced through the ask, which lifts the price past what the quiet
/// market moves on its own, then rests its shares as a ladder of offers stepping up above the
/// best bid, where momentum buyers lifting the price take them. When the bid has made no new high
/// for `exitMs` (the run is stalling, and the chasers will dump), it cancels what is left of the
/// ladder and sells the rest at the bid; flat again, it waits `pauseMs` and starts the next run.
/// It never sells short and holds at most `pushQty` shares.
public final class RunUp: Strategy {
    /// The parameters RunUp declares.
    public static let parameters: [ParameterSpec] = [
        .string("symbol", default: "FOOBAR", help: "the stock to run up"),
        .integer("pushQty", default: 600, range: 1...1_000_000, help: "shares bought to start a run, the most it ever holds"),
        .integer("sliceQty", default: 200, range: 1...1_000_000, help: "shares per buy order in the push"),
        .integer("throughCents", default: 20, range: 0...10_000, help: "cents above the best ask a buy is priced"),
        .integer("rungs", default: 4, range: 1...10, help: "offers in the ladder the shares are sold from"),
        .integer("rungCents", default: 15, range: 1...10_000, help: "cents between the ladder's offers, the first that far above the bid"),
        .integer("exitMs", default: 300, range: 0...3_600_000, help: "milliseconds without a new high bid after which it sells out"),
        .integer("pauseMs", default: 2_000, range: 0...3_600_000, help: "milliseconds it waits, flat, between runs"),
    ]

    /// The plugin's descriptor.
    public static let descriptor = StrategyDescriptor(
        name: "RunUp", version: "2.0.0",
        summary: "Buys to start a run-up, sells into the momentum buyers from a ladder of offers, and is out before they dump.",
        parameters: parameters, factory: { try RunUp(parameters: $0) })

    /// Where a run stands.
    public enum Phase: Equatable, Sendable {
        /// Buying until `pushQty` is held.
        case pushing
        /// The ladder is out; the best bid reached `high` at `since`.
        case selling(high: Price, since: Timestamp)
        /// Cancelling the ladder and selling what is left at the bid.
        case exiting
        /// Flat, waiting until then before the next run.
        case paused(until: Timestamp)
    }

    let symbol: Symbol
    let pushQty: Quantity
    let sliceQty: Quantity
    let through: Price
    let rungs: Int64
    let rungGap: Price
    let exitNanoseconds: Int64
    let pauseNanoseconds: Int64
    public private(set) var phase = Phase.pushing
    /// The orders it asked to cancel, not to be asked again.
    private var cancelling: Set<OrderID> = []

    /// A RunUp configured by `parameters`.
    public init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        pushQty = Quantity(shares: try parameters.integer("pushQty"))
        sliceQty = Quantity(shares: try parameters.integer("sliceQty"))
        through = Price(cents: try parameters.integer("throughCents"))
        rungs = try parameters.integer("rungs")
        rungGap = Price(cents: try parameters.integer("rungCents"))
        exitNanoseconds = try parameters.integer("exitMs") * 1_000_000
        pauseNanoseconds = try parameters.integer("pauseMs") * 1_000_000
    }

    /// Moves the run on with the market without its own orders: the next buy slice, the ladder,
    /// the exit when the bid stops rising, or the pause.
    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        guard view.symbol == symbol else { return [] }
        let market = view.touch(excluding: context.openOrders)
        let position = context.position(symbol).quantity
        let mine = context.openOrders(symbol)
        if !cancelling.isEmpty { cancelling.formIntersection(mine.compactMap(\.id)) }
        switch phase {
        case .paused(let until):
            guard context.now >= until else { return [] }
            phase = .pushing
            return push(market, position: position, mine: mine, now: context.now)
        case .pushing:
            return push(market, position: position, mine: mine, now: context.now)
        case .selling(let high, let since):
            guard position > .zero else { return finish(mine, now: context.now) }
            guard let bid = market.bid else { return [] }
            if bid > high {
                phase = .selling(high: bid, since: context.now)
            } else if context.now.nanoseconds - since.nanoseconds >= exitNanoseconds {
                phase = .exiting
                return exit(market, position: position, mine: mine)
            }
            return []
        case .exiting:
            guard position > .zero else { return finish(mine, now: context.now) }
            return exit(market, position: position, mine: mine)
        }
    }

    /// The next buy slice through the ask while the push is short of `pushQty`; once it is held,
    /// the ladder.
    private func push(_ market: Touch, position: Quantity, mine: [OpenOrder], now: Timestamp) -> [Intent] {
        guard mine.isEmpty, let bid = market.bid else { return [] }
        guard position < pushQty else {
            phase = .selling(high: bid, since: now)
            return ladder(above: bid, position: position)
        }
        guard let ask = market.ask else { return [] }
        let qty = min(sliceQty, pushQty - position)
        return [.place(OrderRequest(symbol: symbol, side: .buy, type: .immediateOrCancel, price: ask + through, qty: qty, tag: "runup-push"))]
    }

    /// `rungs` offers sharing `position`, the first `rungGap` above `bid` and each further one
    /// `rungGap` above the one before, the last taking what the division leaves.
    private func ladder(above bid: Price, position: Quantity) -> [Intent] {
        let count = min(rungs, position.shares)
        let each = position.shares / count
        return (1...count).map { rung in
            let qty = rung == count ? position.shares - each * (count - 1) : each
            let price = bid + Price(units: rungGap.units * rung)
            return .place(OrderRequest(symbol: symbol, side: .sell, type: .limit, price: price, qty: Quantity(shares: qty), tag: "runup-sell"))
        }
    }

    /// Cancels what is left of the ladder, then sells the rest at the bid with an
    /// immediate-or-cancel order; nothing while an order is in flight.
    private func exit(_ market: Touch, position: Quantity, mine: [OpenOrder]) -> [Intent] {
        guard mine.isEmpty else {
            let ids = mine.compactMap(\.id).filter { !cancelling.contains($0) }
            cancelling.formUnion(ids)
            return ids.map { .cancel($0) }
        }
        guard let bid = market.bid else { return [] }
        return [.place(OrderRequest(symbol: symbol, side: .sell, type: .immediateOrCancel, price: bid, qty: position, tag: "runup-exit"))]
    }

    /// Flat: cancels any offer still out, and pauses once none is.
    private func finish(_ mine: [OpenOrder], now: Timestamp) -> [Intent] {
        guard mine.isEmpty else {
            phase = .exiting
            let ids = mine.compactMap(\.id).filter { !cancelling.contains($0) }
            cancelling.formUnion(ids)
            return ids.map { .cancel($0) }
        }
        phase = .paused(until: now.advanced(byNanoseconds: pauseNanoseconds))
        return []
    }
}

/// The plugin's entry point: hands the host a retained `StrategyPlugin`.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(RunUp.descriptor).retainedPointer()
}
