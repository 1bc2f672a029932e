import StrategyKit
import Testing
import TestSupport
import Trading

@Suite(.timeLimit(.minutes(10))) struct PortfolioTests {
    static let symbol: Symbol = "FOOBAR"
    static let t0 = Timestamp(nanoseconds: 1_700_000_000_000_000_000)

    static func fill(_ side: Side, _ qty: Int64, at price: Int64, by strategy: StrategyID = "a", order: Int64 = 1)
        -> Fill
    {
        Fill(
            venue: "TESTEX", account: "EXB123", symbol: symbol, orderID: OrderID(order), index: 0, side: side,
            price: Price(cents: price), qty: Quantity(shares: qty), time: t0, strategyID: strategy)
    }

    static func book(bid: Int64?, ask: Int64?) -> BookSnapshot {
        BookSnapshot.fixture(
            bids: bid.map { [($0, Int64(5))] } ?? [], asks: ask.map { [($0, Int64(5))] } ?? [], symbol: symbol, exchangeTime: t0, receivedTime: t0)
    }

    @Test func averagesTheCostOfSuccessiveBuys() {
        var portfolio = Portfolio()
        portfolio.apply(Self.fill(.buy, 10, at: 5000))
        portfolio.apply(Self.fill(.buy, 10, at: 5100))
        let position = portfolio.position(of: "a", in: Self.symbol)
        #expect(position.quantity == 20)
        #expect(position.averageCost == 5050)
        #expect(portfolio.cash(of: "a") == -101_000)
    }

    @Test func sellingPartOfALongRealizesProfitAndReturnsCash() {
        var portfolio = Portfolio()
        portfolio.apply(Self.fill(.buy, 10, at: 5000))
        portfolio.apply(Self.fill(.sell, 4, at: 5100))
        let position = portfolio.position(of: "a", in: Self.symbol)
        #expect(position.quantity == 6)
        #expect(position.averageCost == 5000)
        #expect(portfolio.pnl(of: "a").realized == 400)
        #expect(portfolio.cash(of: "a") == -29_600)
    }

    @Test func coveringAShortRealizesItsProfit() {
        var portfolio = Portfolio()
        portfolio.apply(Self.fill(.sell, 10, at: 5000))
        portfolio.apply(Self.fill(.buy, 10, at: 4900))
        #expect(portfolio.position(of: "a", in: Self.symbol).quantity == 0)
        #expect(portfolio.position(of: "a", in: Self.symbol).averageCost == nil)
        #expect(portfolio.pnl(of: "a") == ProfitAndLoss(realized: 1_000, unrealized: 0))
        #expect(portfolio.cash(of: "a") == 1_000)
    }

    @Test func marksOpenPositionsToTheMid() {
        var portfolio = Portfolio()
        portfolio.apply(Self.fill(.buy, 10, at: 5000))
        portfolio.mark(Self.book(bid: 5000, ask: 5100))
        #expect(portfolio.markPrice(of: Self.symbol) == 5050)
        #expect(portfolio.pnl(of: "a") == ProfitAndLoss(realized: 0, unrealized: 500))
        #expect(portfolio.pnl(of: "a").total == 500)
    }

    @Test func marksToTheLastFillUntilABookHasBothSides() {
        var portfolio = Portfolio()
        portfolio.apply(Self.fill(.buy, 10, at: 5000))
        portfolio.apply(Self.fill(.buy, 10, at: 5200))
        #expect(portfolio.markPrice(of: Self.symbol) == 5200)
        #expect(portfolio.pnl(of: "a").unrealized == 2_000)
        portfolio.mark(Self.book(bid: 4000, ask: nil))
        #expect(portfolio.markPrice(of: Self.symbol) == 5200)
        portfolio.mark(Self.book(bid: 5000, ask: 5000))
        portfolio.apply(Self.fill(.buy, 1, at: 6000))
        #expect(portfolio.markPrice(of: Self.symbol) == 5000)
    }

    @Test func keepsEachSymbolsLastFillPriceWhicheverStrategyFilledAndWhateverTheMid() {
        var portfolio = Portfolio()
        #expect(portfolio.lastFillPrices.isEmpty)
        portfolio.apply(Self.fill(.buy, 10, at: 5000))
        portfolio.mark(Self.book(bid: 5100, ask: 5100))
        portfolio.apply(Self.fill(.sell, 3, at: 4900, by: "b", order: 2))
        #expect(portfolio.lastFillPrices == [Self.symbol: 4900])
    }

    @Test func keepsStrategiesApartAndNetsThemForTheAccount() {
        var portfolio = Portfolio()
        portfolio.apply(Self.fill(.buy, 10, at: 5000, by: "a"))
        portfolio.apply(Self.fill(.sell, 10, at: 5100, by: "b"))
        portfolio.mark(Self.book(bid: 5000, ask: 5100))
        #expect(portfolio.position(of: "a", in: Self.symbol).quantity == 10)
        #expect(portfolio.position(of: "b", in: Self.symbol).quantity == -10)
        #expect(portfolio.accountPosition(in: Self.symbol).quantity == 0)
        #expect(portfolio.pnl(of: "a") == ProfitAndLoss(realized: 0, unrealized: 500))
        #expect(portfolio.pnl(of: "b") == ProfitAndLoss(realized: 0, unrealized: 500))
        #expect(portfolio.accountPnL == ProfitAndLoss(realized: 1_000, unrealized: 0))
        #expect(portfolio.accountCash == 1_000)
        #expect(portfolio.pnlByStrategy == ["a": 500, "b": 500])
    }

    @Test func theAccountTotalEqualsTheSumOfTheStrategiesAcrossSymbols() {
        var portfolio = Portfolio()
        var other = Self.fill(.buy, 3, at: 1234, by: "b", order: 9)
        other.symbol = "OTHER"
        portfolio.apply(Self.fill(.buy, 7, at: 5003, by: "a"))
        portfolio.apply(Self.fill(.sell, 3, at: 5011, by: "b"))
        portfolio.apply(Self.fill(.sell, 9, at: 4999, by: "a"))
        portfolio.apply(other)
        portfolio.mark(Self.book(bid: 4990, ask: 5013))
        let sum = portfolio.pnlByStrategy.values.reduce(Money.zero, +)
        #expect(sum == portfolio.accountPnL.total)
        #expect(portfolio.accountPosition(in: Self.symbol).quantity == -5)
        #expect(portfolio.accountPosition(in: "OTHER").quantity == 3)
    }

    @Test func theKeptTotalsAreEachStrategysPnLInIdOrder() {
        var portfolio = Portfolio()
        #expect(portfolio.totals.isEmpty)
        portfolio.apply(Self.fill(.buy, 10, at: 5000, by: "b"))
        portfolio.apply(Self.fill(.sell, 4, at: 5020, by: "b"))
        portfolio.apply(Self.fill(.buy, 2, at: 5010, by: "a", order: 2))
        portfolio.mark(Self.book(bid: 5030, ask: 5050))
        #expect(portfolio.totals.map(\.key) == ["a", "b"])
        #expect(portfolio.totals.map(\.value) == [60, 320])
        portfolio.mark(Self.book(bid: 4990, ask: 5010))
        #expect(portfolio.totals.map(\.value) == [-20, 80])
        #expect(Dictionary(uniqueKeysWithValues: portfolio.totals.map { ($0.key, $0.value) }) == portfolio.pnlByStrategy)
    }

    @Test func anUntradedStrategyIsFlatWithNoCash() {
        let portfolio = Portfolio()
        #expect(portfolio.position(of: "nobody", in: Self.symbol) == .flat)
        #expect(portfolio.cash(of: "nobody") == .zero)
        #expect(portfolio.pnl(of: "nobody") == ProfitAndLoss())
    }
}
