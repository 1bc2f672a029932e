import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// A book handed to the engine as a view, our resting orders beside it (as a backtest does), is
/// marked and kept as the book with them in it, and given to strategies as the view.
@Suite(.timeLimit(.minutes(10)))
struct EngineBookViewTests {
    @Test func aViewIsMarkedKeptAndShownAsTheBookWithOurOrdersInIt() throws {
        let harness = try EngineHarness()
        var seen: [BookSnapshot] = []
        harness.strategy.onBookIntents = { book, _ in
            seen.append(book)
            return []
        }
        // Our bid at 50.08 is inside the recorded 50.00 / 50.10: the shown mid is 50.09.
        let view = BookView(EngineHarness.book(at: 1), ownBids: [BookEntry(price: 5_008, qty: 3, isBuy: true)])
        #expect(try harness.engine.handle(book: view).isEmpty)
        #expect(harness.engine.portfolio.markPrice(of: "FOOBAR") == 5_009)
        #expect(seen == [view.shown])
        #expect(harness.engine.books["FOOBAR"] == view.shown)
        #expect(harness.engine.statistics.books == 1)

        // An older book in a view is dropped as an older snapshot is.
        #expect(try harness.engine.handle(book: BookView(EngineHarness.book(at: 2, exchangeAt: 0))).isEmpty)
        #expect(harness.engine.statistics.booksDropped == 1 && seen.count == 1)
    }

    /// Every strategy is given every book through the one callback: a live snapshot as a view
    /// with nothing beside it, a backtest's with our resting orders beside it.
    @Test func everyStrategyIsGivenBooksAsViews() throws {
        let reader = ViewReader()
        let other = ViewReader()
        let engine = try engine([("a", "FOOBAR", reader), ("b", "FOOBAR", other)])
        let live = EngineHarness.book(at: 1)
        _ = try engine.handle(.book(live))
        #expect(reader.views.map(\.book) == [live] && reader.views.allSatisfy { $0.ownBids.isEmpty && $0.ownAsks.isEmpty })

        let view = BookView(EngineHarness.book(at: 2), ownAsks: [BookEntry(price: 5_009, qty: 2, isBuy: false)])
        _ = try engine.handle(book: view)
        #expect(reader.views.map(\.book) == [live, view.book] && reader.views.last?.ownAsks == view.ownAsks)
        #expect(other.views.map(\.shown) == [live, view.shown] && view.shown != view.book)
    }

    private final class ViewReader: Strategy {
        var views: [BookView] = []
        func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
            views.append(view)
            return []
        }
    }

    private static func strategies(_ strategies: [(id: StrategyID, symbol: Symbol, strategy: any Strategy)]) throws -> [EngineStrategy] {
        let parameters = try StrategyParameters(schema: [])
        return strategies.map {
            EngineStrategy(id: $0.id, symbols: [$0.symbol], parameters: parameters, strategy: $0.strategy, limits: .defaults)
        }
    }

    private func engine(_ strategies: [(id: StrategyID, symbol: Symbol, strategy: any Strategy)]) throws -> TradingEngine {
        TradingEngine(
            venue: "TESTEX", strategies: try Self.strategies(strategies), accountLimits: .defaults, journal: MemoryFillJournal(),
            logger: Logger(part: "engine", handler: CollectingHandler()))
    }
}
