import Foundation
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct MoneyTests {
    @Test func priceTimesQuantityIsNotionalInCents() {
        #expect(Price(cents: 5_125) * Quantity(shares: 40) == Money(cents: 205_000))
    }

    @Test func moneyPrintsDollarsAndCents() {
        #expect(Money(cents: 123_450).description == "1234.50")
        #expect(Money(cents: -5).description == "-0.05")
        #expect(Money(cents: 0).description == "0.00")
        #expect(Price(cents: 5_100).description == "51.00")
    }

    @Test func quantitiesAndPricesOrder() {
        #expect(Price(cents: 99) < Price(cents: 100))
        #expect(Quantity(shares: -3).magnitude == Quantity(shares: 3))
        #expect([Quantity(shares: 5), 1, 3].sorted() == [1, 3, 5])
    }

    @Test func overflowingPriceTrapsInsteadOfWrapping() async {
        await #expect(processExitsWith: .failure) {
            _ = Price(units: .max) + Price(units: 1)
        }
    }

    @Test func overflowingNotionalTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Price(units: .max / 2) * Quantity(shares: 3)
        }
    }

    @Test func valuesEncodeAsBareIntegers() throws {
        let order = OrderRequest(symbol: "FOOBAR", side: .buy, type: .fillOrKill, price: 5_100, qty: 10, tag: "t")
        let json = String(decoding: try JSONEncoderForTests.encode(order), as: UTF8.self)
        #expect(json == #"{"price":510000,"qty":10,"side":"buy","symbol":"FOOBAR","tag":"t","type":"fill-or-kill"}"#)
        let back = try JSONDecoderForTests.decode(OrderRequest.self, from: Data(json.utf8))
        #expect(back == order)
    }

    @Test func orderTypesParseTheAPINamesAndAliases() {
        #expect(OrderType(apiName: "fok") == .fillOrKill)
        #expect(OrderType(apiName: "immediate-or-cancel") == .immediateOrCancel)
        #expect(OrderType(apiName: "ioc") == .immediateOrCancel)
        #expect(OrderType(apiName: "stop") == nil)
        #expect(OrderType.market.rests == false && OrderType.limit.rests)
    }
}
