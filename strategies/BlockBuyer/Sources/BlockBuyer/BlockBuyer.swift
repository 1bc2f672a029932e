import StrategyKit

/// An execution algorithm: buys (or sells) a large quantity of one stock in small slices at the
/// touch, so as not to move the market.
///
/// Each slice is a limit order at the best price on the other side, no larger than a fraction
/// of the shares shown there and than a maximum slice, never priced beyond a cap, and never
/// putting the strategy more than one slice ahead of a linear schedule over the target
/// duration. A slice still resting after a while is cancelled. Filled and working shares
/// together never exceed the target.
public final class BlockBuyer: Strategy {
    /// The parameters BlockBuyer declares.
    public static let parameters: [ParameterSpec] = [
        .string("symbol", default: "FOOBAR", help: "the stock to trade"),
        .string("side", default: "buy", choices: ["buy", "sell"], help: "buy the block, or sell it"),
        .integer(
            "targetQty", default: 100_000, range: 1...100_000_000,
            help: "position to reach in the side's direction, in shares"),
        .integer("maxSliceQty", default: 1_000, range: 1...10_000_000, help: "largest single slice, in shares"),
        .integer(
            "touchFractionBps", default: 5_000, range: 1...10_000,
            help: "largest slice as basis points of the shares shown at the best opposite price"),
        .integer(
            "priceCapCents", default: 0, range: 0...100_000_000,
            help: "worst price per share: highest paid when buying, lowest taken when selling; 0 = none"),
        .integer(
            "durationMs", default: 60_000, range: 0...86_400_000,
            help: "time to spread the target over, in ms, from the first book; 0 = as fast as allowed"),
        .integer("staleMs", default: 1_000, range: 1...3_600_000, help: "ms after which a resting slice is cancelled"),
    ]

    /// The plugin's descriptor.
    public static let descriptor = StrategyDescriptor(
        name: "BlockBuyer",
        version: "1.0.0",
        summary: "Works a large order in slices sized by the touch, under a price cap and a linear schedule.",
        parameters: parameters,
        factory: { try BlockBuyer(parameters: $0) }
    )

    let symbol: Symbol
    let side: Side
    let target: Quantity
    let maxSlice: Quantity
    let touchFractionBps: Int64
    let priceCap: Price?
    let durationMs: Int64
    let staleNanoseconds: Int64

    /// When the schedule started (the first book seen) and how much was already done then.
    var scheduleStart: (time: Timestamp, done: Quantity)?
    /// When each working slice was placed (or first seen, for one placed before a restart), by tag.
    var placedAt: [String: Timestamp] = [:]
    /// Slices this strategy asked to cancel that are still open, and when it last asked.
    var cancelling: [OrderID: Timestamp] = [:]
    /// Numbers the slices, to give each a unique tag.
    var sliceCount = 0

    /// A BlockBuyer configured by `parameters`.
    public init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        side = try parameters.string("side") == "sell" ? .sell : .buy
        target = Quantity(shares: try parameters.integer("targetQty"))
        maxSlice = Quantity(shares: try parameters.integer("maxSliceQty"))
        touchFractionBps = try parameters.integer("touchFractionBps")
        let cap = try parameters.integer("priceCapCents")
        priceCap = cap == 0 ? nil : Price(cents: cap)
        durationMs = try parameters.integer("durationMs")
        staleNanoseconds = try parameters.integer("staleMs") * 1_000_000
    }

    /// Slices are sized only from a fresh book: after a fill the last book still shows the
    /// shares just taken, so fills and order updates trigger nothing.
    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        let book = view.shown
        guard book.symbol == symbol else { return [] }
        let slices = context.openOrders(symbol).filter { $0.request.side == side }
        forgetClosed(slices, now: context.now)
        let done = Quantity(shares: side.sign * context.position(symbol).quantity.shares)
        if scheduleStart == nil { scheduleStart = (context.now, done) }

        var intents = cancelStale(slices, now: context.now)
        // Until the last slice is acknowledged, the book may not show its effect yet.
        guard slices.allSatisfy({ $0.id != nil }) else { return intents }
        let working = slices.reduce(Quantity.zero) { $0 + $1.remaining }
        guard let (price, qty) = nextSlice(book, done: done, working: working, now: context.now) else { return intents }
        // A slice left from before a restart may carry a low number; never reuse a working tag.
        var tag: String
        repeat {
            sliceCount += 1
            tag = "block-\(sliceCount)"
        } while placedAt[tag] != nil
        placedAt[tag] = context.now
        intents.append(.place(OrderRequest(symbol: symbol, side: side, type: .limit, price: price, qty: qty, tag: tag)))
        return intents
    }
}

/// The plugin's entry point: hands the host a retained `StrategyPlugin`.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(BlockBuyer.descriptor).retainedPointer()
}
