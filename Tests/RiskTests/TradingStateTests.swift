import Foundation
import Risk
@_spi(Host) import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct TradingStateTests {
    typealias F = Fixture

    @Test func aHaltedStrategyIsDeniedNewOrdersButOthersTrade() {
        var checker = F.checker()
        #expect(checker.setState(.halted, for: .strategy(F.a), now: F.now) != nil)
        let denial = checker.decide(F.order()).denial
        #expect(denial?.code == .halted)
        #expect(denial?.code.rawValue == "RISK_HALTED")
        #expect(checker.decide(F.order(), from: F.b).approval != nil)
    }

    @Test func aHaltedAccountDeniesEveryStrategy() {
        var checker = F.checker()
        _ = checker.setState(.halted, for: .account, now: F.now)
        #expect(checker.decide(F.order(), from: F.a).denial?.code == .halted)
        #expect(checker.decide(F.order(), from: F.b).denial?.code == .halted)
    }

    @Test func aReducingStrategyMayOnlyShrinkItsPosition() {
        var checker = F.checker()
        let change = checker.setState(.reducing, for: .strategy(F.a), now: F.now)
        #expect(change?.from == .active)
        #expect(change?.to == .reducing)
        #expect(change?.code == .manual)
        #expect(change?.cancelOpenOrders == false)
        let exposure = RiskExposure(
            positions: [F.a: [F.symbol: F.position(50)]], openOrders: [F.a: [F.open(.sell, 20, at: 5100)]])
        #expect(checker.decide(F.order(.sell, 30), exposure: exposure).approval != nil)
        #expect(checker.decide(F.order(.buy, 10, at: 4900), exposure: exposure).denial?.code == .reducingOnly)
        let flipping = checker.decide(F.order(.sell, 31), exposure: exposure).denial
        #expect(flipping?.code == .reducingOnly)
        #expect(flipping?.limit == 50)
        #expect(flipping?.actual == 51)
    }

    @Test func aReducingAccountMeasuresTheAccountPositionInTheSymbol() {
        var checker = F.checker()
        _ = checker.setState(.reducing, for: .account, now: F.now)
        let exposure = RiskExposure(positions: [F.a: [F.symbol: F.position(-30)], F.b: [F.symbol: F.position(50)]])
        #expect(checker.decide(F.order(.sell, 20), from: F.a, exposure: exposure).approval != nil)
        let denial = checker.decide(F.order(.sell, 21), from: F.a, exposure: exposure).denial
        #expect(denial?.code == .reducingOnly)
        #expect(denial?.limit == 20)
    }

    @Test func aLossBeyondMaxLossHaltsTheStrategyAndAsksForItsOrdersToBeCancelled() {
        var checker = F.checker()
        #expect(checker.evaluateLoss(pnl: [F.a: 0, F.b: 0], now: F.t0).isEmpty)
        #expect(checker.evaluateLoss(pnl: [F.a: -10_000, F.b: 0], now: F.now).isEmpty)
        let changes = checker.evaluateLoss(pnl: [F.a: -10_001, F.b: 0], now: F.now)
        #expect(changes.count == 1)
        #expect(changes.first?.scope == .strategy(F.a))
        #expect(changes.first?.from == .active)
        #expect(changes.first?.to == .halted)
        #expect(changes.first?.code == .maxLoss)
        #expect(changes.first?.limit == 1_000_000)
        #expect(changes.first?.actual == 1_000_100)
        #expect(changes.first?.cancelOpenOrders == true)
        #expect(checker.state.status(of: .strategy(F.a)).state == .halted)
        #expect(checker.decide(F.order()).denial?.code == .halted)
    }

    @Test func aHaltIsReportedOnce() {
        var checker = F.checker()
        _ = checker.evaluateLoss(pnl: [F.a: 0], now: F.t0)
        #expect(checker.evaluateLoss(pnl: [F.a: -12_000], now: F.now).map(\.scope) == [.strategy(F.a)])
        #expect(checker.evaluateLoss(pnl: [F.a: -14_000], now: F.now).isEmpty)
    }

    @Test func measuresLossFromTheFirstPnLSeenThatDay() {
        var checker = F.checker()
        #expect(checker.evaluateLoss(pnl: [F.a: -50_000], now: F.t0).isEmpty)
        #expect(checker.evaluateLoss(pnl: [F.a: -55_000], now: F.now).isEmpty)
        #expect(checker.state.dayStartPnL[F.a] == -50_000)
    }

    @Test func aNewDayRestartsTheLossButNotTheHalt() {
        var checker = F.checker()
        _ = checker.evaluateLoss(pnl: [F.a: 0], now: F.t0)
        _ = checker.evaluateLoss(pnl: [F.a: -8_000], now: F.now)
        let nextDay = F.t0.advanced(byMilliseconds: 86_400_000)
        #expect(checker.evaluateLoss(pnl: [F.a: -12_000], now: nextDay).isEmpty)
        #expect(checker.state.dayStartPnL[F.a] == -12_000)
        _ = checker.setState(.halted, for: .strategy(F.a), now: nextDay)
        _ = checker.evaluateLoss(pnl: [F.a: -12_000], now: nextDay.advanced(byMilliseconds: 86_400_000))
        #expect(checker.state.status(of: .strategy(F.a)).state == .halted)
    }

    @Test func evaluateLossRecordsTheUTCDayOfItsTimeCountedDownwardBefore1970() {
        var checker = F.checker()
        _ = checker.evaluateLoss(pnl: [F.a: 0], now: F.now)
        #expect(checker.state.day == F.now.utcDay)
        _ = checker.evaluateLoss(pnl: [F.a: 0], now: Timestamp(nanoseconds: -1))
        #expect(checker.state.day == -1)
    }

    @Test func aCombinedLossBeyondTheAccountLimitHaltsTheAccount() {
        var checker = F.checker()
        _ = checker.evaluateLoss(pnl: [F.a: 0, F.b: 0], now: F.t0)
        let changes = checker.evaluateLoss(pnl: [F.a: -8_000, F.b: -8_000], now: F.now)
        #expect(changes.count == 1)
        #expect(changes.first?.scope == .account)
        #expect(changes.first?.limit == 1_500_000)
        #expect(changes.first?.actual == 1_600_000)
        #expect(changes.first?.cancelOpenOrders == true)
        #expect(checker.decide(F.order(), from: F.b).denial?.code == .halted)
    }

    @Test func onlyResumeBringsAHaltedStrategyBack() {
        var checker = F.checker()
        _ = checker.evaluateLoss(pnl: [F.a: 0], now: F.t0)
        _ = checker.evaluateLoss(pnl: [F.a: -12_000], now: F.now)
        #expect(checker.evaluateLoss(pnl: [F.a: 0], now: F.now).isEmpty)
        checker.update(limits: [F.a: F.limits], accountLimits: F.account)
        #expect(checker.decide(F.order()).denial?.code == .halted)
        let change = checker.resume(.strategy(F.a), now: F.now)
        #expect(change?.from == .halted)
        #expect(change?.to == .active)
        #expect(change?.code == .manual)
        #expect(checker.decide(F.order()).approval != nil)
        #expect(checker.resume(.strategy(F.a), now: F.now) == nil)
    }

    @Test func aResumedStrategyStillBeyondItsLossIsHaltedAgain() {
        var checker = F.checker()
        _ = checker.evaluateLoss(pnl: [F.a: 0], now: F.t0)
        _ = checker.evaluateLoss(pnl: [F.a: -12_000], now: F.now)
        _ = checker.resume(.strategy(F.a), now: F.now)
        #expect(checker.evaluateLoss(pnl: [F.a: -12_000], now: F.now).first?.to == .halted)
    }

    @Test func aManualHaltAsksForOpenOrdersToBeCancelled() {
        var checker = F.checker()
        let change = checker.setState(.halted, for: .account, now: F.now)
        #expect(change?.cancelOpenOrders == true)
        #expect(change?.scope == .account)
        #expect(change?.time == F.now)
    }

    @Test func theTradingStateSurvivesARestartThroughItsJSON() throws {
        var checker = F.checker()
        _ = checker.evaluateLoss(pnl: [F.a: -1_000], now: F.t0)
        _ = checker.evaluateLoss(pnl: [F.a: -12_000], now: F.now)
        _ = checker.setState(.reducing, for: .account, now: F.now)
        let data = try JSONEncoder().encode(checker.state)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"a\":{"))
        let restored = try JSONDecoder().decode(RiskState.self, from: data)
        #expect(restored == checker.state)
        var restarted = F.checker(state: restored)
        #expect(restarted.decide(F.order()).denial?.code == .halted)
        #expect(restarted.state.status(of: .account).state == .reducing)
        #expect(restarted.state.dayStartPnL[F.a] == -1_000)
    }

    @Test func aStateFileFromBeforeSDK3HoldsCentsAndIsReadInUnits() throws {
        let state = RiskState(day: 3, dayStartPnL: [F.a: Money(cents: -1_234)])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: try encoder.encode(state), as: UTF8.self)
        #expect(text.contains(#""dayStartPnL":{"a":-123400},"moneyUnitsPerDollar":10000"#))
        let old = text.replacingOccurrences(of: #""dayStartPnL":{"a":-123400},"moneyUnitsPerDollar":10000"#, with: #""dayStartPnL":{"a":-1234}"#)
        #expect(try JSONDecoder().decode(RiskState.self, from: Data(old.utf8)) == state)
        let unknown = text.replacingOccurrences(of: #""moneyUnitsPerDollar":10000"#, with: #""moneyUnitsPerDollar":1000"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RiskState.self, from: Data(unknown.utf8)) }
    }
}
