import StrategyKit
import Testing
import Wire
@testable import Alpaca

/// Reading Alpaca's answers for protective orders: a bracket with its legs, a trailing stop
/// with its high-water mark, a replaced order.
@Suite(.timeLimit(.minutes(10)))
struct ProtectiveOrderDecodingTests {
    func decode<C: AlpacaCommand>(_ command: C, _ json: String) throws -> C.Result {
        try Array(json.utf8).withUnsafeBytes { body in try command.decode(body) }
    }

    /// An order object as Alpaca writes it, with `fields` (JSON members) in place of the defaults.
    static func order(_ id: String, _ fields: String) -> String {
        #"""
        {"id":"\#(id)","client_order_id":"c-\#(id)","created_at":"2026-12-01T15:00:00.123456Z","updated_at":"2026-12-01T15:00:00.123456Z",
        "submitted_at":"2026-12-01T15:00:00.120000Z","filled_at":null,"expired_at":null,"canceled_at":null,"failed_at":null,
        "replaced_at":null,"asset_id":"b0b6dd9d-8b9b-48a9-ba46-b9d54906e415","symbol":"AAPL","asset_class":"us_equity",
        "notional":null,"filled_qty":"0","filled_avg_price":null,"order_type":"limit","extended_hours":false,\#(fields)}
        """#
    }

    static let entryID = "61e69015-8549-4bfd-b9c3-01e75843f47d"
    static let takeProfitID = "0be5b4b8-5d2a-4ab1-9dc6-2a0e4a3e0c10"
    static let stopLossID = "8b7a7b6e-2d61-4d2e-9c3b-1f1e0c6a8d22"

    static let bracket = order(entryID, #"""
        "qty":"10","side":"buy","type":"limit","time_in_force":"gtc","limit_price":"100.00","stop_price":null,"status":"new",
        "order_class":"bracket","replaced_by":null,"replaces":null,"trail_percent":null,"trail_price":null,"hwm":null,
        "legs":[\#(order(stopLossID, #""qty":"10","side":"sell","type":"stop","time_in_force":"gtc","limit_price":null,"stop_price":"95.00","status":"held","order_class":"bracket","legs":null"#)),
        \#(order(takeProfitID, #""qty":"10","side":"sell","type":"limit","time_in_force":"gtc","limit_price":"110.00","stop_price":null,"status":"held","order_class":"bracket","legs":null"#))]
        """#)

    @Test func aBracketsLegsAreReadAndPutInGroupOrder() throws {
        let parent = try decode(PlaceAlpacaOrder(symbol: "AAPL", side: .buy, qty: 10, kind: .limit, timeInForce: .gtc, clientOrderID: "x"), Self.bracket)
        #expect(parent.orderClass == "bracket" && parent.legs.count == 2 && parent.trigger == nil)
        // Alpaca may list the stop-loss first; the group's order is take-profit, then stop-loss.
        #expect(parent.legsInGroupOrder.map(\.id) == [Self.takeProfitID, Self.stopLossID])
        #expect(parent.withLegs.map(\.id) == [Self.entryID, Self.takeProfitID, Self.stopLossID])
        let stopLoss = parent.legsInGroupOrder[1]
        #expect(stopLoss.trigger == .stop(dollars("95.00")) && stopLoss.side == .sell && stopLoss.isOpen && stopLoss.status == "held")
        #expect(parent.legsInGroupOrder[0].limitPrice == dollars("110.00") && parent.legsInGroupOrder[0].trigger == nil)
        // A list with nested=true reads the same.
        #expect(try decode(ListOrders(nested: true), "[\(Self.bracket)]").flatMap(\.withLegs).count == 3)
    }

    @Test func aTrailingStopReadsItsTrailHighWaterMarkAndStopPrice() throws {
        let percent = Self.order(Self.entryID, #"""
            "qty":"5","side":"sell","type":"trailing_stop","time_in_force":"gtc","limit_price":null,"stop_price":"98.5155",
            "status":"new","order_class":"","trail_percent":"1.5","trail_price":null,"hwm":"100.017","legs":null
            """#)
        let order = try decode(GetOrder(id: "x"), percent)
        #expect(order.trigger == .trailing(.basisPoints(150)))
        #expect(order.trail == TrailState(highWaterMark: dollars("100.017"), stopPrice: dollars("98.5155")))
        let byPrice = try decode(GetOrder(id: "x"), percent
            .replacingOccurrences(of: #""trail_percent":"1.5","trail_price":null"#, with: #""trail_percent":null,"trail_price":"2.00""#))
        #expect(byPrice.trigger == .trailing(.price(dollars("2.00"))))
        // A stop price off the price tick (a percentage of the mark) leaves the trail unknown, not the order.
        let offTick = try decode(GetOrder(id: "x"), percent.replacingOccurrences(of: #""stop_price":"98.5155""#, with: #""stop_price":"98.51545""#))
        #expect(offTick.trail == nil && offTick.trigger == .trailing(.basisPoints(150)) && offTick.qty == 5)
    }

    @Test func aReplacedOrderNamesTheOrderThatReplacedIt() throws {
        let replaced = Self.order(Self.entryID, #"""
            "qty":"5","side":"sell","type":"stop","time_in_force":"gtc","limit_price":null,"stop_price":"95.00","status":"replaced",
            "order_class":"","replaced_by":"\#(Self.stopLossID)","replaces":null,"legs":null
            """#)
        let order = try decode(GetOrder(id: "x"), replaced)
        #expect(!order.isOpen && order.replacedBy == Self.stopLossID && order.trigger == .stop(dollars("95.00")))
        let replacement = try decode(ReplaceAlpacaOrder(id: "x", stopPrice: dollars("96.00"), clientOrderID: "tw-1"), Self.order(Self.stopLossID, #"""
            "qty":"5","side":"sell","type":"stop","time_in_force":"gtc","limit_price":null,"stop_price":"96.00","status":"new",
            "order_class":"","replaced_by":null,"replaces":"\#(Self.entryID)","legs":null
            """#))
        #expect(replacement.replaces == Self.entryID && replacement.trigger == .stop(dollars("96.00")))
    }
}
