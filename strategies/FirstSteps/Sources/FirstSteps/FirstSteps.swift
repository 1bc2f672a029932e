import StrategyKit

/// The first practice level as a strategy: buy a configured quantity of one symbol with limit
/// orders at (or a little above) the best ask, one order at a time, then stop.
///
/// It is also the template for writing a strategy: parameters are read once, in the factory;
/// callbacks only look at the book and the context and return intents.
public final class FirstSteps: Strategy {
    /// The parameters FirstSteps declares.
    public static let parameters: [ParameterSpec] = [
        .string("symbol", default: "FOOBAR", help: "the stock to buy"),
        .integer("quantity", default: 100, range: 1...1_000_000, help: "shares to buy in total"),
        .integer("maxOrderQty", default: 100, range: 1...1_000_000, help: "largest single order, in shares"),
        .integer("limitOffsetCents", default: 0, range: 0...10_000, help: "cents above the best ask to bid, to be sure to cross"),
    ]

    /// The plugin's descriptor.
    public static let descriptor = StrategyDescriptor(
        name: "FirstSteps",
        version: "1.0.0",
        summary: "Buys a fixed quantity of one stock with limit orders at the best ask, then stops.",
        parameters: parameters,
        factory: { try FirstSteps(parameters: $0) }
    )

    let symbol: Symbol
    let target: Quantity
    let maxOrderQty: Quantity
    let offset: Price

    /// A FirstSteps strategy configured by `parameters`.
    public init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        target = Quantity(shares: try parameters.integer("quantity"))
        maxOrderQty = Quantity(shares: try parameters.integer("maxOrderQty"))
        offset = Price(cents: try parameters.integer("limitOffsetCents"))
    }

    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        let book = view.shown
        guard book.symbol == symbol, context.openOrders(symbol).isEmpty, let ask = book.bestAsk else { return [] }
        let missing = target - context.position(symbol).quantity
        guard missing > .zero else { return [] }
        let qty = min(missing, maxOrderQty, book.size(atBest: .sell))
        let order = OrderRequest(symbol: symbol, side: .buy, type: .limit, price: ask + offset, qty: qty, tag: "first-steps")
        return [.place(order)]
    }
}

/// The plugin's entry point: hands the host a retained `StrategyPlugin`.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(FirstSteps.descriptor).retainedPointer()
}
