import Foundation
import Risk
import StrategyKit
import Testing

/// A denial's message, made only when it is read, says what it said when it was made at once,
/// and a denial keeps it through JSON, equality and hashing.
@Suite(.timeLimit(.minutes(10))) struct RiskDenialTests {
    typealias F = Fixture

    @Test func aCheckedDenialsMessageNamesTheNumbersAndTheRequest() throws {
        var checker = F.checker()
        let denial = try #require(checker.decide(F.order(.buy, 101)).denial)
        #expect(
            denial.message
                == "quantity 101 exceeds maxOrderQty \(Quantity(shares: 100)) (buy \(Quantity(shares: 101)) FOOBAR limit @ \(Price(cents: 5000)))")
        var limits = F.limits
        limits.maxNotionalPerOrder = 400_000
        var tight = F.checker(limits)
        let notional = try #require(tight.decide(F.order(.sell, 90, at: 5000)).denial)
        #expect(
            notional.message
                == "notional \(Money(cents: 450_000)) exceeds maxNotionalPerOrder \(Money(cents: 400_000)) "
                + "(sell \(Quantity(shares: 90)) FOOBAR limit @ \(Price(cents: 5000)))")
    }

    @Test func aPositionDenialsMessageNamesThePositionAndItsNumbers() throws {
        var checker = F.checker()
        let own = RiskExposure(positions: [F.a: [F.symbol: F.position(150)]], openOrders: [F.a: [F.open(.buy, 40, at: 4900)]])
        let strategy = try #require(checker.decide(F.order(.buy, 20), exposure: own).denial)
        #expect(
            strategy.message
                == "projected strategy position 210 (held 150, working 40) exceeds maxPosition 200 "
                + "(buy \(Quantity(shares: 20)) FOOBAR limit @ \(Price(cents: 5000)))")
        let account = RiskExposure(positions: [F.a: [F.symbol: F.position(-100)], F.b: [F.symbol: F.position(-190)]])
        let symbol = try #require(checker.decide(F.order(.sell, 20), exposure: account).denial)
        #expect(
            symbol.message
                == "projected account position in FOOBAR -310 (held -290, working 0) exceeds maxSymbolPosition 300 "
                + "(sell \(Quantity(shares: 20)) FOOBAR limit @ \(Price(cents: 5000)))")
    }

    @Test func aDenialKeepsItsMessageThroughJSONEqualityAndHashing() throws {
        var checker = F.checker()
        let denial = try #require(checker.decide(F.order(.buy, 101)).denial)
        let decoded = try JSONDecoder().decode(RiskDenial.self, from: JSONEncoder().encode(denial))
        #expect(decoded == denial)
        #expect(decoded.message == denial.message)
        #expect(Set([denial, decoded]).count == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(denial)) as? [String: Any])
        #expect(json["message"] as? String == denial.message)
        #expect(json["limit"] as? Int == 100)
        var other = denial
        other.actual = 102
        #expect(other != denial)
    }

    @Test func aCodeNamesTheRiskSettingThatDecidesIt() {
        #expect(RiskCode.maxNotional.setting == "maxNotionalPerOrder")
        #expect(RiskCode.priceCollar.setting == "priceCollarBps")
        #expect(RiskCode.orderRate.setting == "maxOrdersPerSecond")
        #expect(RiskCode.selfTrade.setting == nil)
        #expect(RiskCode.halted.setting == nil)
    }
}
