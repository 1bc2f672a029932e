import StrategyKit

/// The naive way to buy: big orders priced well through the best ask, one after another, until
/// the target is held. It takes every price in its way, and whatever the book cannot fill rests
/// as a bid far above the market, where the next sellers fill it at that price.
final class Sweeper: Strategy {
    let symbol: Symbol
    let target: Quantity
    let orderQty: Quantity
    let offset: Price

    init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        target = Quantity(shares: try parameters.integer("quantity"))
        orderQty = Quantity(shares: try parameters.integer("orderQty"))
        offset = Price(cents: try parameters.integer("offsetCents"))
    }

    func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        let book = view.shown
        guard book.symbol == symbol, context.openOrders(symbol).isEmpty, let ask = book.bestAsk else { return [] }
        let missing = target - context.position(symbol).quantity
        guard missing > .zero else { return [] }
        let order = OrderRequest(symbol: symbol, side: .buy, type: .limit, price: ask + offset, qty: min(missing, orderQty), tag: "sweep")
        return [.place(order)]
    }
}

@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(
        StrategyDescriptor(
            name: "Sweeper", version: "0.1.0", summary: "Buys in big orders priced through the book (a naive fixture).",
            parameters: [
                .string("symbol", default: "FOOBAR", help: "the stock to buy"),
                .integer("quantity", default: 100_000, range: 1...10_000_000, help: "shares to hold in the end"),
                .integer("orderQty", default: 1_000, range: 1...1_000_000, help: "shares per order"),
                .integer("offsetCents", default: 100, range: 0...100_000, help: "cents above the best ask to bid"),
            ],
            factory: { try Sweeper(parameters: $0) })
    ).retainedPointer()
}
