import CommandLineKit
import StrategyKit

/// What `tickwork order place` sends, built from its arguments and options: one order, or a
/// bracket or OCO as one group.
enum OrderPlacement: Sendable {
    case single(OrderRequest)
    case group(OrderGroup)

    /// The largest price an option takes: as many cents as `--price` always took.
    static let maxPrice = Price(cents: Int64(Int32.max))
    /// The smallest nonzero price an option takes, the SDK's unit.
    static let minPrice = Price(units: 1)

    /// `--type`: how the order executes, and what holds it back.
    enum Kind: String, Sendable, CaseIterable {
        case limit, market, fok, ioc, stop
        case stopLimit = "stop-limit"
        case trailingStop = "trailing-stop"

        /// Whether it takes a limit price (`--price`).
        var isPriced: Bool { self == .limit || self == .fok || self == .ioc || self == .stopLimit }
    }

    /// `--bracket` and `--oco`: the exits' prices as `--price` takes them,
    /// `take-profit=52.00,stop-loss=48.00` with an optional `stop-limit=47.90` (the stop-loss a stop-limit, else a market stop).
    struct Exits: Sendable, Hashable {
        var takeProfit: Price
        var stopLoss: Price
        var stopLimit: Price?

        static let parser = ValueParser<Exits>(noting: { text throws(ValueError) in
            let expected = "take-profit=PRICE,stop-loss=PRICE[,stop-limit=PRICE], prices in dollars (52.00) or cents (5200c)"
            var prices: [String: Price] = [:]
            var oldForm = false
            for field in text.split(separator: ",", omittingEmptySubsequences: false) {
                let pair = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, ["take-profit", "stop-loss", "stop-limit"].contains(pair[0]), prices[String(pair[0])] == nil,
                      let (price, isOldForm) = PriceText.parse(String(pair[1])), (minPrice...maxPrice).contains(price)
                else { throw .expected(expected) }
                prices[String(pair[0])] = price
                oldForm = oldForm || isOldForm
            }
            guard let takeProfit = prices["take-profit"], let stopLoss = prices["stop-loss"] else { throw .expected(expected) }
            let exits = Exits(takeProfit: takeProfit, stopLoss: stopLoss, stopLimit: prices["stop-limit"])
            return (exits, oldForm ? "a bare integer is cents for one more release; write dollars (52.00) or cents with c (5200c)" : nil)
        })
    }

    /// The placement of a validated invocation.
    init(_ invocation: Invocation) {
        typealias Call = OrderPlaceCall
        let symbol = invocation[Call.symbol], side = invocation[Call.side], qty = invocation[Call.qty]
        let timeInForce = invocation[Call.timeInForce]
        if let exits = invocation[Call.oco] {
            self = .group(.oco(
                symbol: symbol, side: side, qty: qty, takeProfit: exits.takeProfit, stopLoss: exits.stopLoss, stopLimit: exits.stopLimit,
                timeInForce: timeInForce))
            return
        }
        let price = invocation[Call.price]
        let request: OrderRequest
        switch invocation[Call.type] {
        case .limit: request = OrderRequest(symbol: symbol, side: side, price: price, qty: qty, timeInForce: timeInForce)
        case .market: request = OrderRequest(symbol: symbol, side: side, type: .market, price: .zero, qty: qty, timeInForce: timeInForce)
        case .fok: request = OrderRequest(symbol: symbol, side: side, type: .fillOrKill, price: price, qty: qty)
        case .ioc: request = OrderRequest(symbol: symbol, side: side, type: .immediateOrCancel, price: price, qty: qty)
        case .stop:
            request = .stop(symbol: symbol, side: side, stopPrice: invocation[Call.stopPrice] ?? .zero, qty: qty, timeInForce: timeInForce)
        case .stopLimit:
            request = .stopLimit(
                symbol: symbol, side: side, stopPrice: invocation[Call.stopPrice] ?? .zero, limitPrice: price, qty: qty,
                timeInForce: timeInForce)
        case .trailingStop:
            let trail: Trail = invocation[Call.trail].map { .price($0) } ?? .basisPoints(invocation[Call.trailPercent] ?? 0)
            request = .trailingStop(symbol: symbol, side: side, trail: trail, qty: qty, timeInForce: timeInForce)
        }
        if let exits = invocation[Call.bracket] {
            self = .group(.bracket(entry: request, takeProfit: exits.takeProfit, stopLoss: exits.stopLoss, stopLimit: exits.stopLimit))
        } else {
            self = .single(request)
        }
    }

    /// Refuses a command line whose options do not make one order: a price, stop price or trail
    /// missing where the type needs it or given to a stop that has none, a time in force on a
    /// fill-or-kill or immediate-or-cancel order (its type is its time in force), a bracket on
    /// an entry that is not a limit or market order, an OCO with a type or a price of its own.
    static func validate(_ invocation: Invocation) throws(CLIError) {
        typealias Call = OrderPlaceCall
        let kind = invocation[Call.type]
        if invocation[Call.oco] != nil {
            let others: [any OptionDeclaration] = [Call.type, Call.price, Call.stopPrice, Call.trail, Call.trailPercent, Call.bracket]
            if let extra = others.first(where: invocation.isGiven) {
                throw .usage("--oco: its exits are the orders; \(extra.spec.name) does not go with it")
            }
            return
        }
        guard !kind.isPriced || invocation[Call.price] > .zero else {
            throw .usage("--price: required (in dollars) for a \(kind.rawValue) order")
        }
        // A market order has always taken (and ignored) one; a stop given one was meant as a stop-limit.
        if kind == .stop || kind == .trailingStop, invocation.isGiven(Call.price) {
            throw .usage("--price: a \(kind.rawValue) order has no limit price (a stop with one is --type stop-limit)")
        }
        let stopped = kind == .stop || kind == .stopLimit
        if stopped != (invocation[Call.stopPrice] != nil) {
            throw .usage(stopped ? "--stop-price: required (in dollars) for a \(kind.rawValue) order" : "--stop-price: only a stop or stop-limit has one")
        }
        let trails = [Call.trail, Call.trailPercent].filter(invocation.isGiven).count
        if kind == .trailingStop, trails != 1 { throw .usage("--trail or --trail-percent: a trailing-stop takes one of them") }
        if kind != .trailingStop, trails > 0 { throw .usage("--trail, --trail-percent: only a trailing-stop has a trail") }
        if kind == .fok || kind == .ioc, invocation.isGiven(Call.timeInForce) {
            throw .usage("--tif: a \(kind.rawValue) order's type is its time in force")
        }
        if invocation[Call.bracket] != nil, kind != .limit, kind != .market {
            throw .usage("--bracket: the entry is a limit or market order, not \(kind.rawValue)")
        }
    }

    /// Fails, naming what is missing, unless a venue with `capabilities` keeps the whole
    /// placement itself; `endpoint` says where (`exchange URL: venue TESTEX`).
    func refuseUnkept(by capabilities: VenueCapabilities, at endpoint: String) throws(CLIError) {
        let needed = switch self {
        case .single(let request): OrderFeature.needed(by: request)
        case .group(let group): OrderFeature.needed(by: group)
        }
        let unkept = needed.filter { !$0.isKept(by: capabilities) }
        guard !unkept.isEmpty else { return }
        let emulable = unkept.filter(OrderFeature.emulable.contains)
        var problems: [String] = []
        if !emulable.isEmpty {
            // The CLI places at the broker directly: there is no engine here to hold them.
            problems.append("the venue cannot keep \(OrderFeature.list(emulable)) orders (only 'tickwork run' emulates them, until it stops)")
        }
        let others = unkept.filter { !OrderFeature.emulable.contains($0) }
        if !others.isEmpty { problems.append("the venue has no \(OrderFeature.list(others))") }
        throw .failure("\(endpoint): " + problems.joined(separator: "; "))
    }
}
