import StrategyKit
import Testing

@testable import History

@Suite("History: orders, denials, trading states", .timeLimit(.minutes(10)))
struct HistoryOrderFlowTests {
    func order(_ id: String, venueID: Int64?, strategy: StrategyID = "mm", symbol: Symbol = "FOOBAR", side: Side = .buy, sent: Int64) -> HistoryOrder {
        HistoryOrder(
            clientID: id, venueOrderID: venueID.map { OrderID(rawValue: $0) }, venue: "TESTEX", strategy: strategy, symbol: symbol, side: side,
            type: .limit, price: Price(cents: 5000), quantity: Quantity(shares: 10), sent: Timestamp(nanoseconds: sent), state: "sent")
    }

    @Test("an order's later view replaces its row; queries by every element, oldest first")
    func orders() throws {
        let directory = try SampleHistory()
        let database = try HistoryDatabase(path: directory.database)
        try database.batch { () throws(HistoryError) in
            try database.record(order("b", venueID: nil, strategy: "mo", symbol: "BARBAZ", side: .sell, sent: dayOne + 20))
            try database.record(order("a", venueID: nil, sent: dayOne + 10))
            var done = order("a", venueID: 77, sent: dayOne + 10)
            done.acknowledged = Timestamp(nanoseconds: dayOne + 11)
            done.closed = Timestamp(nanoseconds: dayOne + 15)
            done.state = "filled"
            done.filled = Quantity(shares: 10)
            done.averagePrice = Price(cents: 4999)
            try database.record(done)
        }
        let all = try database.orders()
        #expect(all.map(\.clientID) == ["a", "b"])
        #expect(all[0].state == "filled")
        #expect(all[0].venueOrderID == 77)
        #expect(all[0].averagePrice == Price(cents: 4999))
        #expect(all[0].closed == Timestamp(nanoseconds: dayOne + 15))
        #expect(all[1].acknowledged == nil)
        #expect(try database.orders(HistoryFilter(strategy: "mo")).map(\.clientID) == ["b"])
        #expect(try database.orders(HistoryFilter(symbol: "FOOBAR")).map(\.clientID) == ["a"])
        #expect(try database.orders(HistoryFilter(side: .sell)).map(\.clientID) == ["b"])
        #expect(try database.orders(HistoryFilter(orderID: 77)).map(\.clientID) == ["a"])
        #expect(try database.orders(HistoryFilter(since: Timestamp(nanoseconds: dayOne + 11))).map(\.clientID) == ["b"])
        #expect(try database.orders(HistoryFilter(limit: 1)).map(\.clientID) == ["b"])
    }

    @Test("denials by code, strategy and time; the numbers kept as integers")
    func denials() throws {
        let directory = try SampleHistory()
        let database = try HistoryDatabase(path: directory.database)
        for (index, code) in ["RISK_MAX_POSITION", "RISK_ORDER_RATE", "RISK_MAX_POSITION"].enumerated() {
            try database.record(
                HistoryDenial(
                    time: Timestamp(nanoseconds: dayOne + Int64(index)), strategy: index == 2 ? "mo" : "mm", symbol: "FOOBAR",
                    side: .buy, type: .market, price: .zero, quantity: Quantity(shares: 500), code: code, limit: 100,
                    actual: 500 + Int64(index), message: "position would be \(500 + index) shares, limit 100"))
        }
        let maxPosition = try database.denials(HistoryFilter(code: "RISK_MAX_POSITION"))
        #expect(maxPosition.map(\.actual) == [500, 502])
        #expect(maxPosition.map(\.strategy) == ["mm", "mo"])
        #expect(try database.denials(HistoryFilter(strategy: "mm", code: "RISK_MAX_POSITION")).count == 1)
        #expect(try database.denials(HistoryFilter(since: Timestamp(nanoseconds: dayOne + 1))).map(\.code) == ["RISK_ORDER_RATE", "RISK_MAX_POSITION"])
        #expect(try database.denials()[1].type == .market)
    }

    @Test("trading-state changes by code and time")
    func stateChanges() throws {
        let directory = try SampleHistory()
        let database = try HistoryDatabase(path: directory.database)
        try database.record(
            HistoryStateChange(
                time: Timestamp(nanoseconds: dayOne + 5), scope: "strategy mm", from: "active", to: "halted", code: "RISK_MAX_LOSS",
                limit: Money(cents: 100_000), actual: Money(cents: 100_050)))
        try database.record(
            HistoryStateChange(
                time: Timestamp(nanoseconds: dayOne + 9), scope: "account", from: "halted", to: "active", code: "RISK_MANUAL",
                limit: nil, actual: nil))
        #expect(try database.stateChanges().map(\.to) == ["halted", "active"])
        #expect(try database.stateChanges(HistoryFilter(code: "RISK_MANUAL")).map(\.scope) == ["account"])
        #expect(try database.stateChanges(HistoryFilter(until: Timestamp(nanoseconds: dayOne + 6)))[0].actual == Money(cents: 100_050))
    }
}
