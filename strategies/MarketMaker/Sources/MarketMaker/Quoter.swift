import StrategyKit

/// What MarketMaker knows and remembers: its settings, the quotes it placed and the cancels it
/// asked for. `MarketMaker` hands every callback to it; see there for the behaviour.
struct Quoter {
    let symbol: Symbol
    let usesMicroPrice: Bool
    let halfSpread: Price
    let quoteSize: Quantity
    let skewCentsPer100: Int64
    let positionLimit: Quantity
    let requoteThreshold: Price
    /// How long an 8-K with results withdraws the quotes, in nanoseconds; 0: never.
    let resultsPauseNanoseconds: Int64

    /// How long a cancel may stay unanswered before it is sent again. The context does not say
    /// when a cancel failed; the engine drops a repeat while the first is still in flight.
    static let cancelRetryNanoseconds: Int64 = 1_000_000_000

    /// The reference and position each live quote was placed at, by tag (one or two entries).
    var anchors: [(tag: String, anchor: QuoteAnchor)] = []
    /// Orders this strategy asked to cancel that are still open, and when it last asked.
    var cancelling: [(id: OrderID, askedAt: Timestamp)] = []
    /// The open orders `anchors` and `cancelling` were last found to be all among, if nothing
    /// has been added to them since that is not among these orders (a new quote's anchor is
    /// not). The engine hands over the same array while its orders are unchanged, so comparing
    /// with it is usually a check that two arrays share storage.
    var checkedOrders: [OpenOrder]?
    /// The touch of the latest book of `symbol` without the quotes this strategy had in it when it
    /// arrived, to requote from when a fill or an order update comes in before the next book.
    var lastMarket: Touch?
    /// Numbers the quotes, to give each a unique tag.
    var quoteCount = 0
    /// The market and position the last requote was asked with, when it asked for nothing while
    /// no cancel was in flight (see `Quoter+Requoting.swift`); nil otherwise. The open orders it
    /// read are `checkedOrders`, which such a requote leaves as they were given.
    var quietInputs: (market: Touch, position: Quantity)?
    /// Until when no quote is shown, after an 8-K with results (see `Quoter+ResultsPause.swift`);
    /// nil while quoting.
    var pausedUntil: Timestamp?

    /// The settings in `parameters` (MarketMaker's), with nothing quoted yet.
    init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        usesMicroPrice = try parameters.string("reference") == "micro"
        halfSpread = Price(cents: try parameters.integer("halfSpreadCents"))
        quoteSize = Quantity(shares: try parameters.integer("quoteSize"))
        skewCentsPer100 = try parameters.integer("skewCentsPer100")
        positionLimit = Quantity(shares: try parameters.integer("positionLimit"))
        requoteThreshold = Price(cents: try parameters.integer("requoteCents"))
        resultsPauseNanoseconds = try parameters.integer("pauseOnResultsMinutes") * 60_000_000_000
    }

    /// Requotes from the book without our own quotes, and remembers that market for later callbacks.
    mutating func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        guard view.book.symbol == symbol else { return [] }
        let market = view.touch(excluding: context.openOrders)
        lastMarket = market
        return requote(market, context: context)
    }

    /// Requotes from the last market for the new position.
    mutating func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] {
        guard fill.symbol == symbol, let market = lastMarket else { return [] }
        return requote(market, context: context)
    }

    /// Requotes from the last market, except after a rejection.
    mutating func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] {
        if case .rejected = update { return [] }
        guard let market = lastMarket else { return [] }
        return requote(market, context: context)
    }
}
