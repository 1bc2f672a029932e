import MatchingEngine
import StrategyKit
import Testing

/// The engine against the naive reference book on long random streams of every kind of request;
/// a stream stops at its first disagreement so that the report shows where it began.
@Suite(.timeLimit(.minutes(10))) struct OrderBookReferenceTests {
    static let operationsPerSeed = 25_000

    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func engineAgreesWithReferenceBookOnRandomOperations(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var book = OrderBook(venue: "TESTEX", symbol: "FOOBAR")
        var reference = ReferenceBook(venue: "TESTEX", symbol: "FOOBAR")
        let accounts: [Account] = ["AAA111", "BBB222", "CCC333"]
        var nextID: Int64 = 1
        // Drift the centre now and then so that levels empty out and new ones appear.
        var centre: Int64 = 1_000
        for step in 0..<Self.operationsPerSeed {
            let time = Timestamp(nanoseconds: 1_000_000 * Int64(step))
            if random.chance(perMillion: 20_000) { centre += random.int(in: -5...5) }
            let touched: OrderID
            let roll = random.int(in: 0...99)
            // Cancel more often when the book is deep, so that it stays around a hundred orders.
            if roll < (book.restingOrderCount > 100 ? 40 : 15), nextID > 1 {
                // Mostly recent orders (likely still resting), now and then one the book never saw.
                touched = OrderID(random.int(in: max(1, nextID - 200)...(nextID + 2)))
                var events: [MatchEvent] = []
                let outcome = book.cancel(touched, at: time, into: &events)
                let (expectedOutcome, expectedEvents) = reference.cancel(touched)
                try #require(outcome == expectedOutcome, "seed \(seed) step \(step)")
                try #require(events == expectedEvents, "seed \(seed) step \(step)")
            } else {
                let type: OrderType =
                    switch roll {
                    case ..<75: .limit
                    case ..<83: .immediateOrCancel
                    case ..<91: .fillOrKill
                    default: .market
                    }
                let side: Side = random.chance(perMillion: 500_000) ? .buy : .sell
                let order = try NewOrder(
                    id: OrderID(nextID), account: accounts[Int(random.int(in: 0...2))], side: side, type: type,
                    price: Price(cents: centre + random.int(in: -12...12)), qty: Quantity(shares: random.int(in: 1...60)))
                nextID += 1
                touched = order.id
                let events = book.submit(order, at: time)
                try #require(events == reference.submit(order, at: time), "seed \(seed) step \(step)")
            }
            let problems = book.validateInternalState()
            try #require(problems.isEmpty, "seed \(seed) step \(step): \(problems)")
            try #require(book.status(touched) == reference.status(touched), "seed \(seed) step \(step)")
            try #require(book.quote(at: time) == reference.quote(at: time), "seed \(seed) step \(step)")
            let entries = book.entries()
            try #require(entries.bids == reference.entries(.buy), "seed \(seed) step \(step)")
            try #require(entries.asks == reference.entries(.sell), "seed \(seed) step \(step)")
        }
    }
}
