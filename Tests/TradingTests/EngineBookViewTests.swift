import StrategyKit
import Testing
import TestSupport
import Trading
import TradingTestSupport

/// A book handed to the engine as a view, our resting orders beside it (as a backtest does), is
/// marked, kept and shown to a strategy of the snapshot callback as the book with them in it.
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

    /// A backtest may hand books over as views only when every strategy says it reads them
    /// (`readsBookView`); one that does not, even of another symbol, keeps them merged.
    @Test func booksAreReadAsViewsOnlyWhenEveryStrategySaysSo() throws {
        #expect(try !EngineHarness().engine.readsBookViews)
        let readers = try engine([("a", "FOOBAR", ViewReader()), ("b", "FOOBAR", ViewReader())])
        #expect(readers.readsBookViews)
        _ = try readers.handle(book: BookView(EngineHarness.book(at: 1)))
        #expect(readers.readsBookViews)
        #expect(try !engine([("a", "FOOBAR", ViewReader()), ("b", "BARBAZ", ScriptedStrategy())]).readsBookViews)
    }

    /// A reloaded configuration whose strategy no longer reads views stops them.
    @Test func aReconfiguredStrategyThatDoesNotReadViewsStopsThem() throws {
        let engine = try engine([("a", "FOOBAR", ViewReader())])
        #expect(engine.readsBookViews)
        engine.reconfigure(strategies: try Self.strategies([("a", "FOOBAR", ScriptedStrategy())]), accountLimits: .defaults)
        #expect(!engine.readsBookViews)
    }

    /// A strategy that reads views is given every book through the view callback, a snapshot
    /// (as live) with nothing beside it; one that does not is given the snapshot, or a view's
    /// shown book.
    @Test func eachStrategyIsGivenBooksThroughTheCallbackItTakes() throws {
        let reader = ViewReader()
        let scripted = ScriptedStrategy()
        var snapshots: [BookSnapshot] = []
        scripted.onBookIntents = { book, _ in
            snapshots.append(book)
            return []
        }
        let engine = try engine([("a", "FOOBAR", reader), ("b", "FOOBAR", scripted)])
        let live = EngineHarness.book(at: 1)
        _ = try engine.handle(.book(live))
        #expect(reader.views.map(\.book) == [live] && reader.views.allSatisfy { $0.ownBids.isEmpty && $0.ownAsks.isEmpty })
        #expect(reader.snapshots.isEmpty)
        #expect(snapshots == [live])

        let view = BookView(EngineHarness.book(at: 2), ownAsks: [BookEntry(price: 5_009, qty: 2, isBuy: false)])
        _ = try engine.handle(book: view)
        #expect(reader.views.map(\.book) == [live, view.book] && reader.views.last?.ownAsks == view.ownAsks)
        #expect(reader.snapshots.isEmpty)
        #expect(snapshots == [live, view.shown] && view.shown != view.book)
    }

    private final class ViewReader: Strategy {
        var views: [BookView] = []
        var snapshots: [BookSnapshot] = []
        var readsBookView: Bool { true }
        func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
            views.append(view)
            return []
        }
        func onBook(_ book: BookSnapshot, context: StrategyContext) -> [Intent] {
            snapshots.append(book)
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
