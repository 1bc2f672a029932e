import StrategyKit
import Testing

@testable import History

/// Schema 5: an order's kind, stop price, time in force, and the group it is a leg of.
@Suite("History: order kinds and groups", .timeLimit(.minutes(10)))
struct HistoryOrderKindTests {
    /// A version-4 row, written as a daemon before version 5 wrote it.
    static let plainRow = """
        INSERT INTO orders(client_id, venue_order_id, venue, strategy, symbol, side, order_type, price_units, qty_shares,
            sent_ns, state, filled_shares)
        VALUES ('c1@1', 7, 'TESTEX', 'mm', 'FOOBAR', 'buy', 'fill-or-kill', 500000, 10, 100, 'filled', 10)
        """

    /// A sample history at schema 4 holding `plainRow`.
    static func version4History() throws -> SampleHistory {
        let sample = try SampleHistory()
        let old = try HistoryDatabase(path: sample.database, schemaVersion: 4)
        try old.connection.execute(plainRow, during: .insert(table: "orders"))
        return sample
    }

    func leg(_ id: String, _ request: OrderRequest, group: String) -> HistoryOrder {
        HistoryOrder(
            clientID: id, venueOrderID: nil, venue: "TESTEX", strategy: "mm", symbol: request.symbol, side: request.side,
            type: request.type, price: request.price, quantity: request.qty, sent: Timestamp(nanoseconds: dayOne), state: "submitted",
            kind: request.kind, stopPrice: request.trigger.flatMap { if case .stop(let price) = $0 { price } else { nil } },
            timeInForce: request.timeInForce, orderClass: .bracket, group: group)
    }

    @Test("a bracket's legs keep their kinds, stop price, time in force, class and group")
    func bracketLegsRoundTrip() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        let entry = OrderRequest(symbol: "FOOBAR", side: .buy, price: Price(cents: 5000), qty: Quantity(shares: 10), timeInForce: .gtc)
        let bracket = OrderGroup.bracket(entry: entry, takeProfit: Price(cents: 5200), stopLoss: Price(cents: 4800), stopLimit: Price(cents: 4790))
        let legs = zip(["c1@1", "c2@1", "c3@1"], bracket.legs).map { leg($0, $1, group: "c1@1") }
        try database.batch { () throws(HistoryError) in
            for order in legs { try database.record(order) }
            try database.record(HistoryOrder(
                clientID: "c4@1", venueOrderID: nil, venue: "TESTEX", strategy: "mm", symbol: "FOOBAR", side: .buy, type: .limit,
                price: Price(cents: 4900), quantity: Quantity(shares: 1), sent: Timestamp(nanoseconds: dayOne + 1), state: "submitted"))
        }
        let read = try database.orders()
        #expect(read.count == 4)
        #expect(Array(read.prefix(3)) == legs)
        #expect(read.map(\.kind) == ["limit", "limit", "stop_limit", "limit"])
        #expect(read[2].stopPrice == Price(cents: 4800) && read[2].price == Price(cents: 4790))
        #expect(read.prefix(3).allSatisfy { $0.timeInForce == .gtc && $0.orderClass == .bracket && $0.group == "c1@1" })
        #expect(read[3].orderClass == nil && read[3].group == nil && read[3].timeInForce == .day && read[3].stopPrice == nil)
        let byGroup = try database.rows(of: "SELECT count(*) FROM orders WHERE order_group = 'c1@1' AND order_class = 'bracket'")
        #expect(byGroup.rows == [[.integer(3)]])
    }

    @Test("the schema refuses an order class it does not know")
    func unknownClassRefused() throws {
        let sample = try SampleHistory()
        let database = try HistoryDatabase(path: sample.database)
        try database.connection.execute(Self.plainRow, during: .insert(table: "orders"))
        #expect(throws: HistoryError.self) {
            try database.connection.execute("UPDATE orders SET order_class = 'ladder'", during: .insert(table: "orders"))
        }
    }

    @Test("a version 4 database's orders migrate as plain orders: their kind is their type, day, in no group")
    func version4OrdersMigrate() throws {
        let sample = try Self.version4History()
        let current = try HistoryDatabase(path: sample.database)
        #expect(try current.userVersion() == HistorySchema.currentVersion)
        let order = try #require(try current.orders().first)
        #expect(order.type == .fillOrKill && order.kind == "fill-or-kill" && order.timeInForce == .day)
        #expect(order.orderClass == nil && order.group == nil && order.stopPrice == nil && order.filled == Quantity(shares: 10))
    }

    @Test("a rebuild carries a version 4 database's orders over as plain orders")
    func rebuildCarriesVersion4Orders() throws {
        let sample = try Self.version4History()
        #expect(try HistoryCatchUp.rebuild(path: sample.database, ledger: sample.ledger) { Issue.record("reported \($0)") } == 6)
        let rebuilt = try HistoryDatabase.readOnly(path: sample.database)
        #expect(try rebuilt.userVersion() == HistorySchema.currentVersion)
        let order = try #require(try rebuilt.orders().first)
        #expect(order.clientID == "c1@1" && order.kind == "fill-or-kill" && order.timeInForce == .day && order.group == nil)
    }
}
