import Risk
import StrategyKit
import Testing

/// A checker that evaluates losses again and again keeps what its last evaluation settled, to
/// skip the work when nothing can change. These tests drive one with random P&L, days, limits
/// and operator commands, and check that each evaluation decides what a fresh checker with the
/// same limits and states decides.
@Suite(.timeLimit(.minutes(10))) struct LossEvaluationTests {
    typealias F = Fixture

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func aKeptEvaluationDecidesAsAFreshOne(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var checker = F.checker()
        var now = F.t0
        var pnl: [StrategyID: Money] = [F.a: 0]
        var halts = 0
        var skipped = 0
        for _ in 0..<5_000 {
            now = now.advanced(byMilliseconds: Int64.random(in: 1...60_000, using: &random))
            switch Int.random(in: 0..<40, using: &random) {
            case 0:
                now = now.advanced(byMilliseconds: 86_400_000)
            case 1:
                _ = checker.resume(Bool.random(using: &random) ? .account : .strategy(F.a), now: now)
            case 2:
                _ = checker.setState(.halted, for: .strategy(F.b), now: now)
            case 3:
                var limits = F.limits
                limits.maxLoss = Money(cents: Int64.random(in: 5_000...20_000, using: &random))
                checker.update(limits: [F.a: limits, F.b: F.limits], accountLimits: F.account)
            case 4:
                pnl[F.b] = pnl[F.b] ?? 0
            default:
                for strategy in pnl.keys {
                    pnl[strategy]! += Money(cents: Int64.random(in: -1_500...1_500, using: &random))
                }
            }
            var fresh = RiskChecker(limits: checker.limits, accountLimits: checker.accountLimits, state: checker.state)
            let expected = fresh.evaluateLoss(pnl: pnl, now: now)
            let stateBefore = checker.state
            let changes = checker.evaluateLoss(
                pnlSortedByStrategy: pnl.sorted { $0.key < $1.key }, now: now)
            #expect(changes == expected)
            #expect(checker.state == fresh.state)
            halts += changes.count
            if changes.isEmpty && checker.state == stateBefore { skipped += 1 }
        }
        #expect(halts > 5)
        #expect(skipped > 1_000)
    }
}
