import StrategyKit

/// MarketMaker as it was before `onBook` stopped allocating: it builds the book without its own
/// quotes and keeps its bookkeeping in dictionaries. Kept as the plain statement of the
/// strategy's behaviour that `MarketMakerEquivalenceTests` holds the plugin to.
final class ReferenceMarketMaker: Strategy {
    let symbol: Symbol
    let usesMicroPrice: Bool
    let halfSpread: Price
    let quoteSize: Quantity
    let skewCentsPer100: Int64
    let positionLimit: Quantity
    let requoteThreshold: Price
    static let cancelRetryNanoseconds: Int64 = 1_000_000_000

    var anchors: [String: (reference: Price, position: Quantity)] = [:]
    var cancelling: [OrderID: Timestamp] = [:]
    var lastMarket: BookSnapshot?
    var quoteCount = 0

    init(parameters: StrategyParameters) throws {
        symbol = Symbol(try parameters.string("symbol"))
        usesMicroPrice = try parameters.string("reference") == "micro"
        halfSpread = Price(cents: try parameters.integer("halfSpreadCents"))
        quoteSize = Quantity(shares: try parameters.integer("quoteSize"))
        skewCentsPer100 = try parameters.integer("skewCentsPer100")
        positionLimit = Quantity(shares: try parameters.integer("positionLimit"))
        requoteThreshold = Price(cents: try parameters.integer("requoteCents"))
    }

    func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        let book = view.shown
        guard book.symbol == symbol else { return [] }
        let market = Self.excluding(context.openOrders(symbol), from: book)
        lastMarket = market
        return requote(market, context: context)
    }

    func onFill(_ fill: Fill, context: StrategyContext) -> [Intent] {
        guard fill.symbol == symbol, let market = lastMarket else { return [] }
        return requote(market, context: context)
    }

    func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] {
        if case .rejected = update { return [] }
        guard let market = lastMarket else { return [] }
        return requote(market, context: context)
    }

    static func excluding(_ orders: [OpenOrder], from book: BookSnapshot) -> BookSnapshot {
        var book = book
        book.bids = entries(book.bids, without: orders.filter { $0.request.side == .buy })
        book.asks = entries(book.asks, without: orders.filter { $0.request.side == .sell })
        return book
    }

    static func entries(_ entries: [BookEntry], without orders: [OpenOrder]) -> [BookEntry] {
        guard !orders.isEmpty else { return entries }
        var owed: [Price: Quantity] = [:]
        for order in orders {
            owed[order.request.price, default: .zero] += order.remaining
        }
        var kept: [BookEntry] = []
        for var entry in entries {
            if let shares = owed[entry.price], shares > .zero {
                let taken = min(shares, entry.qty)
                owed[entry.price] = shares - taken
                entry.qty -= taken
                if entry.qty == .zero { continue }
            }
            kept.append(entry)
        }
        return kept
    }

    func requote(_ market: BookSnapshot, context: StrategyContext) -> [Intent] {
        let mine = context.openOrders(symbol)
        let openIDs = Set(mine.compactMap(\.id))
        let openTags = Set(mine.map(\.request.tag))
        cancelling = cancelling.filter { openIDs.contains($0.key) }
        anchors = anchors.filter { openTags.contains($0.key) }

        guard let reference = usesMicroPrice ? market.microPrice : market.mid else { return [] }
        let anchor = (reference: reference, position: context.position(symbol).quantity)
        return quote(.buy, market: market, anchor: anchor, orders: mine.filter { $0.request.side == .buy }, others: mine.filter { $0.request.side == .sell }, now: context.now)
            + quote(.sell, market: market, anchor: anchor, orders: mine.filter { $0.request.side == .sell }, others: mine.filter { $0.request.side == .buy }, now: context.now)
    }

    func target(_ side: Side, market: BookSnapshot, anchor: (reference: Price, position: Quantity)) -> (price: Price, qty: Quantity)? {
        let position = anchor.position
        let room = side == .buy ? positionLimit - position : positionLimit + position
        let qty = min(quoteSize, room)
        guard qty > .zero else { return nil }
        let center = anchor.reference - Price(cents: position.shares * skewCentsPer100 / 100)
        var price: Price
        switch side {
        case .buy:
            price = center - halfSpread
            if let ask = market.bestAsk { price = min(price, ask - Price(cents: 1)) }
        case .sell:
            price = center + halfSpread
            if let bid = market.bestBid { price = max(price, bid + Price(cents: 1)) }
        }
        guard price > .zero else { return nil }
        return (price, qty)
    }

    func quote(
        _ side: Side, market: BookSnapshot, anchor: (reference: Price, position: Quantity), orders: [OpenOrder], others: [OpenOrder],
        now: Timestamp
    ) -> [Intent] {
        var live: [OrderID] = []
        var inFlight = false
        var resent: [Intent] = []
        for order in orders {
            guard let id = order.id else {
                inFlight = true
                continue
            }
            guard let asked = cancelling[id] else {
                live.append(id)
                continue
            }
            inFlight = true
            if now.nanoseconds(since: asked) >= Self.cancelRetryNanoseconds {
                cancelling[id] = now
                resent.append(.cancel(id))
            }
        }
        if inFlight { return resent }
        let wanted = target(side, market: market, anchor: anchor)
        if live.isEmpty {
            // Never a quote that meets one of our own on the other side.
            guard let wanted, !others.contains(where: { side == .sell ? wanted.price <= $0.request.price : wanted.price >= $0.request.price })
            else { return [] }
            quoteCount += 1
            let tag = "mm-\(side.rawValue)-\(quoteCount)"
            anchors[tag] = anchor
            return [.place(OrderRequest(symbol: symbol, side: side, type: .limit, price: wanted.price, qty: wanted.qty, tag: tag))]
        }
        if orders.count == 1, let order = orders.first, let placed = anchors[order.request.tag], let wanted {
            let moved = (anchor.reference - placed.reference).units.magnitude > requoteThreshold.units.magnitude
            guard moved || anchor.position != placed.position else { return [] }
            if wanted.price == order.request.price && wanted.qty == order.remaining {
                anchors[order.request.tag] = anchor
                return []
            }
        }
        for id in live { cancelling[id] = now }
        return live.map { .cancel($0) }
    }
}
