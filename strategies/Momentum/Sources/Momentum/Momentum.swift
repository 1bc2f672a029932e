import StrategyKit

/// A trend follower on bars: compares a fast and a slow moving average of the bars' closes
/// (StrategyKit's `SimpleMovingAverage`) and holds a long position at the limit while the fast
/// one is above the slow one by the entry threshold, a short one while it is below by it, and
/// none once the gap is back within the exit threshold. Between the two thresholds it keeps what
/// it holds.
///
/// It trades toward that position on the books (a `quotes` subscription is enough) with
/// immediate-or-cancel orders at the touch, one at a time, so it never leaves an order resting.
/// Configure it with `"data": ["quotes", "bars:1Min"]` (or another timeframe).
public final class Momentum: Strategy {
    /// The parameters Momentum declares.
    public static let parameters: [ParameterSpec] = [
        .string("symbol", default: "FOOBAR", help: "the stock to trade"),
        .integer("fastWindow", default: 10, range: 1...9_999, help: "bars in the fast average; fewer than slowWindow"),
        .integer("slowWindow", default: 40, range: 2...10_000, help: "bars in the slow average"),
        .integer(
            "entryBps", default: 10, range: 1...10_000,
            help: "gap between the averages, in basis points of the slow one, that opens a position"),
        .integer(
            "exitBps", default: 3, range: 0...9_999,
            help: "gap, in basis points of the slow average, within which the position is closed; below entryBps"),
        .integer("positionLimit", default: 300, range: 1...10_000_000, help: "position held in a trend, in shares either way"),
        .integer("orderSize", default: 100, range: 1...10_000_000, help: "largest single order, in shares"),
    ]

    /// The plugin's descriptor.
    public static let descriptor = StrategyDescriptor(
        name: "Momentum",
        version: "2.0.0",
        summary: "Follows trends in bars: long or short on a fast/slow moving-average gap of the closes, flat when it closes.",
        parameters: parameters,
        factory: { try Momentum(parameters: $0) }
    )

    let symbol: Symbol
    let entryBps: Int64
    let exitBps: Int64
    let positionLimit: Quantity
    let orderSize: Quantity

    var fast: SimpleMovingAverage
    var slow: SimpleMovingAverage
    /// The position the signal currently asks for: the limit long, the limit short, or flat.
    var wanted: Quantity = .zero

    /// A Momentum strategy configured by `parameters`; refuses a fast window that is not
    /// shorter than the slow one and an exit threshold that is not below the entry threshold.
    public init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        let fastWindow = try parameters.integer("fastWindow")
        let slowWindow = try parameters.integer("slowWindow")
        guard fastWindow < slowWindow else {
            throw ParameterError.outOfRange(name: "fastWindow", value: fastWindow, range: 1...(slowWindow - 1))
        }
        entryBps = try parameters.integer("entryBps")
        exitBps = try parameters.integer("exitBps")
        guard exitBps < entryBps else {
            throw ParameterError.outOfRange(name: "exitBps", value: exitBps, range: 0...(entryBps - 1))
        }
        positionLimit = Quantity(shares: try parameters.integer("positionLimit"))
        orderSize = Quantity(shares: try parameters.integer("orderSize"))
        fast = SimpleMovingAverage(period: Int(fastWindow))
        slow = SimpleMovingAverage(period: Int(slowWindow))
    }

    /// Adds the bar's close to the averages and moves the signal.
    public func onBar(_ bar: Bar, context: StrategyContext) -> [Intent] {
        guard bar.symbol == symbol else { return [] }
        fast.update(bar.close)
        slow.update(bar.close)
        updateSignal()
        return []
    }

    /// With no order open, sends one order toward the position the signal asks for, at the touch.
    public func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        guard view.symbol == symbol, context.openOrders(symbol).isEmpty else { return [] }
        let missing = wanted - context.position(symbol).quantity
        guard missing != .zero else { return [] }
        let side: Side = missing > .zero ? .buy : .sell
        guard let price = side == .buy ? view.bestAsk : view.bestBid else { return [] }
        let qty = min(orderSize, missing.magnitude)
        return [.place(OrderRequest(symbol: symbol, side: side, type: .immediateOrCancel, price: price, qty: qty, tag: "momentum"))]
    }

    /// Moves `wanted` by the gap between the averages: `gap × 10 000 ≥ entry × slow` is a long
    /// entry, `≤ −entry × slow` a short one, `|gap| × 10 000 ≤ exit × slow` an exit; exact
    /// integer comparisons, no rounding of the gap.
    func updateSignal() {
        guard let fast = fast.value?.units, let slow = slow.value?.units, slow > 0 else { return }
        let gap = (fast - slow) * 10_000
        if gap >= entryBps * slow {
            wanted = positionLimit
        } else if -gap >= entryBps * slow {
            wanted = -positionLimit
        } else if gap.magnitude <= UInt64(exitBps * slow) {
            wanted = .zero
        }
    }
}

/// The plugin's entry point: hands the host a retained `StrategyPlugin`.
@_cdecl("tickwork_strategy_v1")
public func tickworkStrategyEntry() -> UnsafeMutableRawPointer {
    StrategyPlugin(Momentum.descriptor).retainedPointer()
}
