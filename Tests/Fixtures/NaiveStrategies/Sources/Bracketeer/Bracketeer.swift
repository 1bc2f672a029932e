import StrategyKit

/// One bracket and nothing else: on the first book of a strategy that has never traded and has
/// nothing open, a buy limit `entryCents` with a take-profit at `takeProfitCents` and a stop-loss
/// at `stopLossCents`. Having traded (the ledger says so after a restart) it never places again,
/// so a restarted daemon only reconciles what the broker did with the legs while it was down.
final class Bracketeer: Strategy {
    let symbol: Symbol
    let qty: Quantity
    let entry: Price
    let takeProfit: Price
    let stopLoss: Price

    init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        qty = Quantity(shares: try parameters.integer("qty"))
        entry = Price(cents: try parameters.integer("entryCents"))
        takeProfit = Price(cents: try parameters.integer("takeProfitCents"))
        stopLoss = Price(cents: try parameters.integer("stopLossCents"))
    }

    func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        guard view.shown.symbol == symbol, context.positions[symbol] == nil, context.openOrders.isEmpty else { return [] }
        let order = OrderRequest(symbol: symbol, side: .buy, price: entry, qty: qty, timeInForce: .gtc, tag: "bracket")
        return [.placeGroup(.bracket(entry: order, takeProfit: takeProfit, stopLoss: stopLoss))]
    }
}

@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(
        StrategyDescriptor(
            name: "Bracketeer", version: "0.1.0", summary: "Places one bracket on its first book, then only watches (a fixture).",
            parameters: [
                .string("symbol", default: "FOOBAR", help: "the stock to buy"),
                .integer("qty", default: 10, range: 1...1_000_000, help: "shares of the entry and of each exit"),
                .integer("entryCents", default: 5_000, range: 1...10_000_000, help: "the entry's limit price"),
                .integer("takeProfitCents", default: 5_200, range: 1...10_000_000, help: "the take-profit's limit price"),
                .integer("stopLossCents", default: 4_800, range: 1...10_000_000, help: "the stop-loss's stop price"),
            ],
            factory: { try Bracketeer(parameters: $0) })
    ).retainedPointer()
}
