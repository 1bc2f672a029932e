import StrategyKit

/// A market maker: keeps one bid and one ask around a reference price (the mid or the micro-price
/// of the rest of the market), skewed against its inventory, within a position limit.
///
/// Quotes are replaced only when the reference has moved more than a threshold since they were
/// placed or the position has changed (a fill), never on every snapshot. A side with an order in
/// flight (not yet acknowledged, or being cancelled) is left alone until it settles, so there is
/// never more than one quote per side that can fill.
public final class MarketMaker: Strategy {
    /// The parameters MarketMaker declares.
    public static let parameters: [ParameterSpec] = [
        .string("symbol", default: "FOOBAR", help: "the stock to make a market in"),
        .string(
            "reference", default: "micro", choices: ["mid", "micro"],
            help: "price to quote around: mid, or the size-weighted micro-price of the touch (own quotes left out)"),
        .integer("halfSpreadCents", default: 10, range: 1...100_000, help: "cents from the reference to each quote"),
        .integer("quoteSize", default: 200, range: 1...1_000_000, help: "shares per quote"),
        .integer(
            "skewCentsPer100", default: 2, range: 0...100_000,
            help: "cents both quotes move against the inventory per 100 shares held"),
        .integer(
            "positionLimit", default: 500, range: 1...10_000_000,
            help: "largest position either way, in shares; a quote never takes it further"),
        .integer(
            "requoteCents", default: 5, range: 0...100_000,
            help: "cents the reference must move, beyond this, before quotes are replaced"),
    ]

    /// The plugin's descriptor.
    public static let descriptor = StrategyDescriptor(
        name: "MarketMaker",
        version: "1.0.0",
        summary: "Quotes both sides around the mid or micro-price, skewed against inventory, within a position limit.",
        parameters: parameters,
        factory: { try MarketMaker(parameters: $0) }
    )

    let symbol: Symbol
    let usesMicroPrice: Bool
    let halfSpread: Price
    let quoteSize: Quantity
    let skewCentsPer100: Int64
    let positionLimit: Quantity
    let requoteThreshold: Price

    /// How long a cancel may stay unanswered before it is sent again. The context does not say
    /// when a cancel failed; the engine drops a repeat while the first is still in flight.
    static let cancelRetryNanoseconds: Int64 = 1_000_000_000

    /// The reference and position each live quote was placed at, by tag (one or two entries).
    var anchors: [(tag: String, anchor: QuoteAnchor)] = []
    /// Orders this strategy asked to cancel that are still open, and when it last asked.
    var cancelling: [(id: OrderID, askedAt: Timestamp)] = []
    /// The touch of the latest book of `symbol` without the quotes this strategy had in it when it
    /// arrived, to requote from when a fill or an order update comes in before the next book.
    var lastMarket: Touch?
    /// Numbers the quotes, to give each a unique tag.
    var quoteCount = 0

    /// A MarketMaker configured by `parameters`.
    public init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        usesMicroPrice = try parameters.string("reference") == "micro"
        halfSpread = Price(cents: try parameters.integer("halfSpreadCents"))
        quoteSize = Quantity(shares: try parameters.integer("quoteSize"))
        skewCentsPer100 = try parameters.integer("skewCentsPer100")
        positionLimit = Quantity(shares: try parameters.integer("positionLimit"))
        requoteThreshold = Price(cents: try parameters.integer("requoteCents"))
    }

    /// Brings both quotes in line with the new book: places, cancels, or (mostly) nothing.
    public func onBook(_ book: BookSnapshot, context: StrategyContext) -> [Intent] {
        guard book.symbol == symbol else { return [] }
        let market = Touch(book, excluding: context.openOrders, of: symbol)
        lastMarket = market
        return requote(market, context: context)
    }

    /// A fill changes the inventory, so both quotes are reconsidered at once rather than at the
    /// next snapshot.
    public func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] {
        guard fill.symbol == symbol, let market = lastMarket else { return [] }
        return requote(market, context: context)
    }

    /// An acknowledgement may make a quote cancellable and a close frees its side for a new one.
    /// A rejection waits for the next book: the same quote placed again at once would most
    /// likely be refused again.
    public func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] {
        if case .rejected = update { return [] }
        guard let market = lastMarket else { return [] }
        return requote(market, context: context)
    }
}

/// The plugin's entry point: hands the host a retained `StrategyPlugin`.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(MarketMaker.descriptor).retainedPointer()
}
