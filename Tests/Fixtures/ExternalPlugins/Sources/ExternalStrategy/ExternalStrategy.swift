import StrategyKit

/// A strategy that sells one share whenever a bid shows: enough to prove it runs in the host.
final class ExternalStrategy: Strategy {
    func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        let book = view.shown
        guard let bid = book.bestBid else { return [] }
        return [.place(OrderRequest(symbol: book.symbol, side: .sell, price: bid, qty: 1, tag: "external"))]
    }
}

@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(
        StrategyDescriptor(
            name: "External", version: "0.1.0", summary: "Sells one share at the best bid.",
            parameters: [.integer("size", default: 1, range: 1...10, help: "shares")],
            factory: { _ in ExternalStrategy() })
    ).retainedPointer()
}
