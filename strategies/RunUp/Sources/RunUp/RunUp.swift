import StrategyKit

/// Starts a run-up and sells into the traders who chase it: buys `pushQty` shares in
/// immediate-or-cancel slices priced through the ask, which lifts the price where the market's
/// value follows its trades, then offers what it holds one slice at a time just under the rest of
/// the market's best ask, where momentum buyers take it; flat again, it waits `pauseMs` and
/// starts the next run. It never sells short and holds at most `pushQty` shares.
public final class RunUp: Strategy {
    /// The parameters RunUp declares.
    public static let parameters: [ParameterSpec] = [
        .string("symbol", default: "FOOBAR", help: "the stock to run up"),
        .integer("pushQty", default: 600, range: 1...1_000_000, help: "shares bought to start a run, the most it ever holds"),
        .integer("sliceQty", default: 200, range: 1...1_000_000, help: "shares per order, buying or selling"),
        .integer("throughCents", default: 5, range: 0...10_000, help: "cents above the best ask a buy is priced"),
        .integer("pauseMs", default: 2_000, range: 0...3_600_000, help: "milliseconds it waits, flat, between runs"),
    ]

    /// The plugin's descriptor.
    public static let descriptor = StrategyDescriptor(
        name: "RunUp", version: "1.0.0",
        summary: "Buys to start a run-up, then sells into the momentum buyers who chase it; flat between runs.",
        parameters: parameters, factory: { try RunUp(parameters: $0) })

    /// Where a run stands.
    public enum Phase: Equatable, Sendable {
        /// Buying until `pushQty` is held.
        case pushing
        /// Offering the shares until none are held.
        case selling
        /// Flat, waiting until then before the next run.
        case paused(until: Timestamp)
    }

    let symbol: Symbol
    let pushQty: Quantity
    let sliceQty: Quantity
    let through: Price
    let pauseNanoseconds: Int64
    public private(set) var phase = Phase.pushing
    /// The sell orders it asked to cancel, not to be asked again.
    private var cancelling: Set<OrderID> = []

    /// A RunUp configured by `parameters`.
    public init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        pushQty = Quantity(shares: try parameters.integer("pushQty"))
        sliceQty = Quantity(shares: try parameters.integer("sliceQty"))
        through = Price(cents: try parameters.integer("throughCents"))
        pauseNanoseconds = try parameters.integer("pauseMs") * 1_000_000
    }

    /// Moves the run on with the market without its own orders: the next buy slice, the sell
    /// slice placed or moved to just under the best ask, or the pause.
    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        guard view.symbol == symbol else { return [] }
        let market = view.touch(excluding: context.openOrders)
        let position = context.position(symbol).quantity
        let mine = context.openOrders(symbol)
        if !cancelling.isEmpty { cancelling.formIntersection(mine.compactMap(\.id)) }
        if case .paused(let until) = phase {
            guard context.now >= until else { return [] }
            phase = .pushing
        }
        if phase == .pushing {
            guard mine.isEmpty else { return [] }
            guard position < pushQty else {
                phase = .selling
                return sell(market, position: position, mine: mine)
            }
            guard let ask = market.ask else { return [] }
            let qty = min(sliceQty, pushQty - position)
            return [.place(OrderRequest(symbol: symbol, side: .buy, type: .immediateOrCancel, price: ask + through, qty: qty, tag: "runup-push"))]
        }
        guard position > .zero || !mine.isEmpty else {
            phase = .paused(until: context.now.advanced(byNanoseconds: pauseNanoseconds))
            return []
        }
        return sell(market, position: position, mine: mine)
    }

    /// One sell slice at a cent under the market's best ask (never at or under its best bid):
    /// placed when none is out, cancelled when the price it wants has moved; nothing while an
    /// order is in flight.
    private func sell(_ market: Touch, position: Quantity, mine: [OpenOrder]) -> [Intent] {
        guard let bid = market.bid else { return [] }
        let price = max(bid + Price(cents: 1), (market.ask ?? bid + Price(cents: 2)) - Price(cents: 1))
        guard let order = mine.first else {
            guard position > .zero else { return [] }
            return [.place(OrderRequest(symbol: symbol, side: .sell, type: .limit, price: price, qty: min(sliceQty, position), tag: "runup-sell"))]
        }
        guard let id = order.id, order.request.price != price, !cancelling.contains(id) else { return [] }
        cancelling.insert(id)
        return [.cancel(id)]
    }
}

/// The plugin's entry point: hands the host a retained `StrategyPlugin`.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(RunUp.descriptor).retainedPointer()
}
