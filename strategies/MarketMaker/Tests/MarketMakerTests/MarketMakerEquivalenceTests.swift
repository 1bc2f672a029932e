import MarketMaker
import StrategyKit
import Testing
import TestSupport

/// Drives MarketMaker and `ReferenceMarketMaker` through the same long random session (books
/// with and without our quotes in them, acknowledgements, fills, cancels, rejections, a clock)
/// and requires the same intents from both at every callback.
@Suite(.timeLimit(.minutes(10))) struct MarketMakerEquivalenceTests {
    /// The session's deterministic random source: the SDK's SplitMix64, with the draws the
    /// session script uses.
    struct Random {
        var generator: SplitMix64

        init(state: UInt64) { generator = SplitMix64(seed: state) }

        mutating func int(_ range: ClosedRange<Int64>) -> Int64 { generator.int(in: range) }

        mutating func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }
    }

    /// The exchange and engine as the strategies see them: our open orders, the position, time.
    struct World {
        var random: Random
        var orders: [OpenOrder] = []
        var cancelRequested: Set<OrderID> = []
        var position: Int64 = 0
        var milliseconds: Int64 = 0
        var nextID: Int64 = 1
        var mid: Int64 = 5_000

        mutating func context(_ parameters: StrategyParameters) -> StrategyContext {
            var visible = orders
            if random.chance(5) {
                let other = OrderRequest(symbol: "BARBAZ", side: .buy, price: Price(cents: mid), qty: 10, tag: "mm-buy-1")
                visible.insert(OpenOrder(id: OrderID(999_999), request: other), at: Int(random.int(0...Int64(visible.count))))
            }
            return StrategyContext(
                strategyID: "mm", now: Timestamp.zero.advanced(byMilliseconds: milliseconds), parameters: parameters,
                positions: position == 0 ? [:] : ["FOOBAR": Position(quantity: Quantity(shares: position))], openOrders: visible)
        }

        /// A book of a few levels around a drifting mid, with our orders' unfilled shares mostly
        /// shown at their prices, before or after the others at the same price.
        mutating func book() -> BookSnapshot {
            mid += random.int(-4...4)
            var bids: [BookEntry] = []
            var asks: [BookEntry] = []
            for (isBuy, levels) in [(true, random.int(0...4)), (false, random.int(0...4))] where levels > 0 || random.chance(10) {
                for level in 0..<max(levels, 1) {
                    let price = isBuy ? mid - 1 - level * random.int(1...3) : mid + 1 + level * random.int(1...3)
                    for _ in 0...random.int(0...2) {
                        let entry = BookEntry(price: Price(cents: price), qty: Quantity(shares: random.int(0...300)), isBuy: isBuy)
                        if isBuy { bids.append(entry) } else { asks.append(entry) }
                    }
                }
            }
            for order in orders where random.chance(80) {
                let entry = BookEntry(price: order.request.price, qty: order.remaining, isBuy: order.request.side == .buy)
                if entry.isBuy { bids.append(entry) } else { asks.append(entry) }
            }
            if !random.chance(3) {
                let oursFirst = random.chance(50)
                bids = bids.enumerated().sorted { ($0.element.price, oursFirst ? -$0.offset : $0.offset) > ($1.element.price, oursFirst ? -$1.offset : $1.offset) }.map(\.element)
                asks = asks.enumerated().sorted { ($0.element.price, oursFirst ? $1.offset : $0.offset) < ($1.element.price, oursFirst ? $0.offset : $1.offset) }.map(\.element)
            }
            let symbol: Symbol = random.chance(3) ? "BARBAZ" : "FOOBAR"
            return BookSnapshot.fixture(bidEntries: bids, askEntries: asks, symbol: symbol)
        }

        mutating func apply(_ intents: [Intent]) {
            for intent in intents {
                if case .place(let request) = intent {
                    orders.append(OpenOrder(id: nil, request: request))
                } else if case .cancel(let id) = intent {
                    cancelRequested.insert(id)
                } else {
                    Issue.record("MarketMaker only places and cancels")
                }
            }
        }
    }

    /// One random event: a callback both strategies get, or nil when nothing happens to them.
    static func step(_ world: inout World, _ parameters: StrategyParameters) -> ((any Strategy) -> [Intent])? {
        world.milliseconds += world.random.int(0...400)
        let roll = world.random.int(0...99)
        let pending = world.orders.indices.filter { world.orders[$0].id == nil }
        let live = world.orders.indices.filter { world.orders[$0].id != nil }
        let cancelled = live.filter { world.cancelRequested.contains(world.orders[$0].id!) }
        switch roll {
        case 0..<60:
            let book = world.book()
            let context = world.context(parameters)
            return { $0.onBook(book, context: context) }
        case 60..<72:
            guard let index = pending.first else { return nil }
            let id = OrderID(world.nextID)
            world.nextID += 1
            world.orders[index].id = id
            let update = OrderUpdate.accepted(id, world.orders[index].request)
            let context = world.context(parameters)
            return { $0.onOrderUpdate(update, context: context) }
        case 72..<74:
            guard let index = pending.first else { return nil }
            let request = world.orders.remove(at: index).request
            let context = world.context(parameters)
            return { $0.onOrderUpdate(.rejected(request, reason: "RISK_MAX_POSITION"), context: context) }
        case 74..<86:
            guard let index = cancelled.first, world.random.chance(70) else { return nil }
            let order = world.orders.remove(at: index)
            let context = world.context(parameters)
            return { $0.onOrderUpdate(.closed(order.id!, order.request, filled: order.filled), context: context) }
        case 86..<88:
            // An order the strategy did not place turns up (say, entered by hand under its id).
            let side: Side = world.random.chance(50) ? .buy : .sell
            let price = Price(cents: world.mid + (side == .buy ? -world.random.int(1...20) : world.random.int(1...20)))
            let request = OrderRequest(symbol: "FOOBAR", side: side, price: price, qty: 30, tag: "stray")
            world.orders.append(OpenOrder(id: OrderID(world.nextID), request: request))
            world.nextID += 1
            return nil
        default:
            guard !live.isEmpty else { return nil }
            let index = live[Int(world.random.int(0...Int64(live.count - 1)))]
            let order = world.orders[index]
            let qty = Quantity(shares: world.random.int(1...order.remaining.shares))
            world.orders[index].filled += qty
            world.position += order.request.side.sign * qty.shares
            let fill = Fill(
                venue: "TESTEX", account: "ACC", symbol: "FOOBAR", orderID: order.id!, index: 0, side: order.request.side,
                price: order.request.price, qty: qty, time: .zero, strategyID: "mm")
            if world.orders[index].remaining == .zero { world.orders.remove(at: index) }
            let context = world.context(parameters)
            return { $0.onFill(fill, context: context) }
        }
    }

    @Test(arguments: [
        (1 as UInt64, "mid", 5 as Int64, 100 as Int64, 5 as Int64),
        (2, "micro", 10, 200, 5),
        (3, "micro", 2, 40, 0),
        (4, "mid", 1, 150, 2),
    ])
    func sameIntentsAsTheReferenceOverALongRandomSession(seed: UInt64, reference: String, halfSpread: Int64, quoteSize: Int64, requote: Int64) throws {
        let values: [String: ParameterValue] = [
            "reference": .string(reference), "halfSpreadCents": .integer(halfSpread), "quoteSize": .integer(quoteSize),
            "skewCentsPer100": .integer(3), "positionLimit": .integer(300), "requoteCents": .integer(requote),
        ]
        let parameters = try StrategyParameters(schema: MarketMaker.parameters, values: values)
        let strategy = try MarketMaker(parameters: parameters)
        let reference = try ReferenceMarketMaker(parameters: parameters)
        var world = World(random: Random(state: seed))
        if seed % 2 == 0 {
            // Orders left over from an earlier run: unknown tags, two on one side.
            let leftovers = [(Side.buy, 4_990 as Int64, "mm-buy-7"), (.buy, 4_980, "old"), (.sell, 5_020, "mm-sell-2")]
            for (side, price, tag) in leftovers {
                let request = OrderRequest(symbol: "FOOBAR", side: side, price: Price(cents: price), qty: 50, tag: tag)
                world.orders.append(OpenOrder(id: OrderID(world.nextID), request: request))
                world.nextID += 1
            }
        }
        var callbacks = 0
        var intents = 0
        for number in 0..<20_000 {
            guard let callback = Self.step(&world, parameters) else { continue }
            let expected = callback(reference)
            let actual = callback(strategy)
            try #require(actual == expected, "step \(number)")
            callbacks += 1
            intents += actual.count
            world.apply(actual)
        }
        #expect(callbacks > 10_000)
        #expect(intents > 500, "the session exercises requoting, not only quiet books")
    }
}
