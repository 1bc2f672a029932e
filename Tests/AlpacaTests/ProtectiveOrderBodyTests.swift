import APIClient
import StrategyKit
import Testing
import Wire
@testable import Alpaca

/// What the client sends for stops, trailing stops, times in force, order classes and replace:
/// Alpaca's documented request shapes (../shared/alpaca-api.md and Alpaca's order docs).
@Suite(.timeLimit(.minutes(10)))
struct ProtectiveOrderBodyTests {
    func body(_ command: some AlpacaCommand) -> String { String(decoding: command.body ?? [], as: UTF8.self) }

    @Test func aStopAStopLimitAndTheRequestsTimeInForceAreSentAsAlpacaNamesThem() {
        let stop = PlaceAlpacaOrder(.stop(symbol: "AAPL", side: .sell, stopPrice: dollars("95.50"), qty: 10, timeInForce: .gtc), clientOrderID: "tw-1")
        #expect(body(stop)
            == #"{"symbol":"AAPL","qty":"10","side":"sell","type":"stop","time_in_force":"gtc","stop_price":"95.50","client_order_id":"tw-1"}"#)
        let stopLimit = PlaceAlpacaOrder(
            .stopLimit(symbol: "AAPL", side: .buy, stopPrice: dollars("101.00"), limitPrice: dollars("101.05"), qty: 3, timeInForce: .day),
            clientOrderID: "tw-2")
        #expect(body(stopLimit) == #"{"symbol":"AAPL","qty":"3","side":"buy","type":"stop_limit","time_in_force":"day","#
            + #""limit_price":"101.05","stop_price":"101.00","client_order_id":"tw-2"}"#)
        for tif in [TimeInForce.day, .gtc, .opg, .cls] {
            let order = PlaceAlpacaOrder(OrderRequest(symbol: "AAPL", side: .buy, price: dollars("99.00"), qty: 1, timeInForce: tif), clientOrderID: "c")
            #expect(order.kind == .limit && order.timeInForce.rawValue == tif.rawValue)
        }
        // Immediate-or-cancel and fill-or-kill are Alpaca's times in force, whatever the request's.
        let ioc = PlaceAlpacaOrder(OrderRequest(symbol: "A", side: .buy, type: .immediateOrCancel, price: dollars("1.00"), qty: 1, timeInForce: .gtc), clientOrderID: "c")
        #expect(ioc.timeInForce == .ioc)
    }

    @Test func aTrailInBasisPointsIsWrittenAsTheExactPercent() {
        for (points, percent) in [(150 as Int64, "1.5"), (100, "1"), (5, "0.05"), (1234, "12.34")] {
            let order = PlaceAlpacaOrder(
                .trailingStop(symbol: "AAPL", side: .sell, trail: .basisPoints(points), qty: 2, timeInForce: .gtc), clientOrderID: "tw-3")
            #expect(body(order) == #"{"symbol":"AAPL","qty":"2","side":"sell","type":"trailing_stop","time_in_force":"gtc","#
                + #""trail_percent":"\#(percent)","client_order_id":"tw-3"}"#)
        }
        let byPrice = PlaceAlpacaOrder(.trailingStop(symbol: "AAPL", side: .sell, trail: .price(dollars("2.25")), qty: 2), clientOrderID: "tw-4")
        #expect(body(byPrice) == #"{"symbol":"AAPL","qty":"2","side":"sell","type":"trailing_stop","time_in_force":"day","#
            + #""trail_price":"2.25","client_order_id":"tw-4"}"#)
    }

    @Test func aBracketIsItsEntryWithTakeProfitAndStopLoss() throws {
        let entry = OrderRequest(symbol: "AAPL", side: .buy, price: dollars("100.00"), qty: 10, timeInForce: .gtc)
        let stop = try PlaceAlpacaOrder(.bracket(entry: entry, takeProfit: dollars("110.00"), stopLoss: dollars("95.00")), clientOrderID: "tw-5")
        #expect(body(stop) == #"{"symbol":"AAPL","qty":"10","side":"buy","type":"limit","time_in_force":"gtc","limit_price":"100.00","#
            + #""order_class":"bracket","take_profit":{"limit_price":"110.00"},"stop_loss":{"stop_price":"95.00"},"client_order_id":"tw-5"}"#)
        let stopLimit = try PlaceAlpacaOrder(
            .bracket(entry: entry, takeProfit: dollars("110.00"), stopLoss: dollars("95.00"), stopLimit: dollars("94.50")), clientOrderID: "tw-6")
        #expect(body(stopLimit).contains(#""stop_loss":{"stop_price":"95.00","limit_price":"94.50"}"#))
    }

    @Test func anOCOIsALimitWithoutATopLevelPriceAndAnOTOTakesOneExit() throws {
        let oco = try PlaceAlpacaOrder(
            .oco(symbol: "AAPL", side: .sell, qty: 10, takeProfit: dollars("110.00"), stopLoss: dollars("95.00"), stopLimit: dollars("94.00")),
            clientOrderID: "tw-7")
        #expect(body(oco) == #"{"symbol":"AAPL","qty":"10","side":"sell","type":"limit","time_in_force":"gtc","order_class":"oco","#
            + #""take_profit":{"limit_price":"110.00"},"stop_loss":{"stop_price":"95.00","limit_price":"94.00"},"client_order_id":"tw-7"}"#)
        let entry = OrderRequest(symbol: "AAPL", side: .buy, type: .market, price: .zero, qty: 5)
        let withStop = try PlaceAlpacaOrder(
            .oto(entry: entry, then: .stop(symbol: "AAPL", side: .sell, stopPrice: dollars("95.00"), qty: 5)), clientOrderID: "tw-8")
        #expect(body(withStop) == #"{"symbol":"AAPL","qty":"5","side":"buy","type":"market","time_in_force":"day","order_class":"oto","#
            + #""stop_loss":{"stop_price":"95.00"},"client_order_id":"tw-8"}"#)
        let withLimit = try PlaceAlpacaOrder(
            .oto(entry: entry, then: OrderRequest(symbol: "AAPL", side: .sell, price: dollars("110.00"), qty: 5)), clientOrderID: "tw-9")
        #expect(withLimit.takeProfit == dollars("110.00") && withLimit.stopLoss == nil)
    }

    @Test func aGroupAlpacaCannotTakeInOneRequestIsRefusedUnsent() {
        let entry = OrderRequest(symbol: "AAPL", side: .buy, price: dollars("100.00"), qty: 10)
        let trailingExit = OrderGroup.oto(entry: entry, then: .trailingStop(symbol: "AAPL", side: .sell, trail: .basisPoints(100), qty: 10))
        var otherQty = OrderGroup.bracket(entry: entry, takeProfit: dollars("110.00"), stopLoss: dollars("95.00"))
        otherQty.legs[2].qty = 4
        var sameSide = OrderGroup.bracket(entry: entry, takeProfit: dollars("110.00"), stopLoss: dollars("95.00"))
        sameSide.legs[1].side = .buy
        for group in [trailingExit, otherQty, sameSide, OrderGroup(orderClass: .bracket, legs: [entry])] {
            let error = #expect(throws: AlpacaError.self) { try PlaceAlpacaOrder(group, clientOrderID: "c") }
            guard case .unprocessable(_, nil, let message)? = error else { Issue.record("expected a local refusal, got \(String(describing: error))"); continue }
            #expect(message.contains("not sent"))
        }
    }

    @Test func aReplaceIsAPatchWithTheNewPriceQuantityAndOurClientOrderID() {
        let stop = ReplaceAlpacaOrder(id: "61e69015-8549-4bfd-b9c3-01e75843f47d", qty: 7, stopPrice: dollars("96.10"), clientOrderID: "tw-10")
        #expect(stop.method == .patch && stop.path == "/v2/orders/61e69015-8549-4bfd-b9c3-01e75843f47d" && stop.isPlacement)
        #expect(body(stop) == #"{"client_order_id":"tw-10","qty":"7","stop_price":"96.10"}"#)
        let limit = ReplaceAlpacaOrder(id: "x", limitPrice: dollars("100.25"), clientOrderID: "tw-11")
        #expect(body(limit) == #"{"client_order_id":"tw-11","limit_price":"100.25"}"#)
    }
}
