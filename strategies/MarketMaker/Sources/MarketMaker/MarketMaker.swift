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
        .integer(
            "pauseOnResultsMinutes", default: 0, range: 0...10_080,
            help: "minutes it withdraws its quotes and stops quoting after an 8-K with item 2.02 (results) of its stock (\"data\" with \"filings\"); 0: off"),
    ]

    /// The plugin's descriptor.
    public static let descriptor = StrategyDescriptor(
        name: "MarketMaker",
        version: "1.1.0",
        summary: "Quotes both sides around the mid or micro-price, skewed against inventory, within a position limit.",
        parameters: parameters,
        factory: { try MarketMaker(parameters: $0) }
    )

    /// The quoting state machine every callback is handed to. A value type, so that a callback's
    /// bookkeeping is one exclusive access rather than a dynamic exclusivity check per read of a
    /// class property.
    var quoter: Quoter

    /// A MarketMaker configured by `parameters`.
    public init(parameters: StrategyParameters) throws {
        quoter = try Quoter(parameters: parameters)
    }

    /// Brings both quotes in line with the new book: places, cancels, or (mostly) nothing. Reads
    /// only the view's touch without our quotes, so a backtest never merges them into the book;
    /// and decides on the touch, its position and its orders alone, so it may be configured with
    /// `"data": ["quotes"]` and quote exactly as on every book.
    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        quoter.onBook(view, context: context)
    }

    /// A fill changes the inventory, so both quotes are reconsidered at once rather than at the
    /// next snapshot.
    public func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] {
        quoter.onFill(fill, context: context)
    }

    /// An acknowledgement may make a quote cancellable and a close frees its side for a new one.
    /// A rejection waits for the next book: the same quote placed again at once would most
    /// likely be refused again.
    public func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] {
        quoter.onOrderUpdate(update, context: context)
    }

    /// An 8-K with item 2.02 (results) of its stock withdraws both quotes for
    /// `pauseOnResultsMinutes`: the price is about to jump on news it cannot read.
    public func onFiling(_ filing: Filing, context: StrategyContext) -> [Intent] {
        quoter.onFiling(filing, context: context)
    }

    /// The end of a results pause: quotes again from the last market.
    public func onTimer(_ id: TimerID, context: StrategyContext) -> [Intent] {
        quoter.onTimer(id, context: context)
    }
}

/// The plugin's entry point: hands the host a retained `StrategyPlugin`.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(MarketMaker.descriptor).retainedPointer()
}
