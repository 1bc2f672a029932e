import StockFighter
import StrategyKit
import Testing

/// The detective's scoring on scripted fills: the account the mid moves for after its trades
/// is the suspect, whoever trades most or makes most.
@Suite(.timeLimit(.minutes(10))) struct InsiderScoringTests {
    private static func at(_ second: Int64, _ milliseconds: Int64 = 0) -> Timestamp {
        Timestamp(nanoseconds: second * 1_000_000_000 + milliseconds * 1_000_000)
    }

    /// The mid: $50.00 until second 10, $51.00 until 20, $49.00 after, one book a second.
    private static func market() -> InsiderScoring {
        var scoring = InsiderScoring()
        for second: Int64 in 0...40 {
            let mid: Int64 = second < 10 ? 5_000 : second < 20 ? 5_100 : 4_900
            scoring.recordBook(bid: Price(cents: mid - 1), ask: Price(cents: mid + 1), at: at(second))
        }
        return scoring
    }

    @Test func theAccountTheMarketMovesForAfterItsTradesIsTheSuspect() throws {
        var scoring = Self.market()
        // The insider buys just before the rise and sells just before the fall.
        scoring.recordFill(account: "INS123456", side: .buy, price: 5_001, qty: 10, at: Self.at(9, 500))
        scoring.recordFill(account: "INS123456", side: .sell, price: 5_099, qty: 10, at: Self.at(19, 500))
        // Its counterparty, a maker, trades more and at a better price, and loses on the moves.
        scoring.recordFill(account: "MKR000111", side: .sell, price: 5_001, qty: 10, at: Self.at(9, 500))
        scoring.recordFill(account: "MKR000111", side: .buy, price: 5_099, qty: 10, at: Self.at(19, 500))
        scoring.recordFill(account: "MKR000111", side: .buy, price: 5_099, qty: 50, at: Self.at(12))
        scoring.recordFill(account: "MKR000111", side: .sell, price: 5_101, qty: 50, at: Self.at(13))
        // A taker trades where nothing moves after.
        scoring.recordFill(account: "TKR000222", side: .buy, price: 5_101, qty: 20, at: Self.at(14))
        scoring.recordFill(account: "TKR000222", side: .sell, price: 4_899, qty: 20, at: Self.at(30))

        let ranking = scoring.ranking(horizon: .seconds(2), minimumFills: 2)
        #expect(ranking.map(\.account) == ["INS123456", "TKR000222", "MKR000111"])
        let insider = ranking[0]
        #expect(insider.fills == 2 && insider.judgedFills == 2 && insider.favourableFills == 2 && insider.adverseFills == 0)
        #expect(insider.edgePerShare == Price(cents: 150))
        #expect(insider.positionShares == 0 && insider.cash == Money(cents: 980) && insider.profit == Money(cents: 980))
        let maker = ranking[2]
        #expect(maker.fills == 4 && maker.adverseFills == 2 && maker.favourableFills == 0 && maker.edgePerShare < .zero)
        #expect(ranking[1].edgePerShare == .zero && ranking[1].favourableFills == 0 && ranking[1].adverseFills == 0)
        #expect(scoring.suspect(horizon: .seconds(2), minimumFills: 2)?.account == "INS123456")
    }

    @Test func nobodyIsNamedOnTooFewJudgedFillsWithoutAnEdgeOrWithoutOneThatStandsOut() {
        var scoring = Self.market()
        scoring.recordFill(account: "INS123456", side: .buy, price: 5_001, qty: 10, at: Self.at(9, 500))
        // After the last book plus the horizon: not judged yet.
        scoring.recordFill(account: "INS123456", side: .buy, price: 4_901, qty: 10, at: Self.at(39))
        #expect(scoring.suspect(horizon: .seconds(2), minimumFills: 2) == nil)
        let evidence = scoring.ranking(horizon: .seconds(2), minimumFills: 2)[0]
        #expect(evidence.fills == 2 && evidence.judgedFills == 1 && evidence.positionShares == 20)
        #expect(evidence.profit == Money(cents: -1_000))

        // Two accounts with the same edge: neither stands out.
        var twins = Self.market()
        for account: Account in ["ONE000001", "TWO000002"] {
            twins.recordFill(account: account, side: .buy, price: 5_001, qty: 10, at: Self.at(9, 500))
        }
        #expect(twins.suspect(horizon: .seconds(2), minimumFills: 1) == nil)
        #expect(twins.ranking(horizon: .seconds(2), minimumFills: 1).map(\.edgePerShare) == [Price(cents: 100), Price(cents: 100)])

        var flat = Self.market()
        flat.recordFill(account: "TKR000222", side: .buy, price: 5_101, qty: 20, at: Self.at(14))
        #expect(flat.suspect(horizon: .seconds(2), minimumFills: 1) == nil)
    }

    @Test func anAccountWithEnoughJudgedFillsRanksAboveOneWithout() {
        var scoring = Self.market()
        scoring.recordFill(account: "ONE000001", side: .buy, price: 5_001, qty: 1, at: Self.at(9, 500))
        scoring.recordFill(account: "TWO000002", side: .sell, price: 5_001, qty: 1, at: Self.at(5))
        scoring.recordFill(account: "TWO000002", side: .sell, price: 5_001, qty: 1, at: Self.at(6))
        #expect(scoring.ranking(horizon: .seconds(2), minimumFills: 2).map(\.account) == ["TWO000002", "ONE000001"])
    }
}
