import APIClient
import Edgar
import History
import Lifecycle
import Monitor
import MarketTestSupport
import SimulatedMarket
import StrategyKit
import Testing
import TestSupport
@testable import TickworkCLI
import Trading
import TradingTestSupport

/// The daemon's EDGAR poller against the simulated exchange's EDGAR on loopback: a company's
/// first poll is history, a new filing is delivered once, and a restart over the same history
/// delivers nothing again; EDGAR down is counted and logged once.
@Suite(.timeLimit(.minutes(10))) struct EdgarPollerTests {
    static let userAgent = "Tickwork Tests tests@example.com"

    /// A poller of FOOBAR's filings on `baseURL`, storing in `history`, delivering to `delivered`.
    static func poller(
        _ baseURL: String, history: String, delivered: Locked<[StrategyKit.Filing]>, figures: Locked<EdgarFigures> = Locked(EdgarFigures()),
        log: CollectingHandler = CollectingHandler()
    ) throws -> EdgarPoller {
        let client = try EdgarClient(userAgent: userAgent, siteURL: baseURL, dataURL: baseURL, policy: RetryPolicy(maxAttempts: 1))
        return EdgarPoller(
            client: client, symbols: ["FOOBAR"], interval: .seconds(300), historyPath: history, figures: figures,
            logger: Logger(part: "edgar", level: .debug, handler: log), deliver: { filing in delivered.update { $0.append(filing) } })
    }

    @Test func aNewFilingIsDeliveredOnceAndNotAgainAfterARestart() async throws {
        let exchange = try VenueHarness.filingOnDemand(symbols: ["FOOBAR"])
        let server = exchange.server
        defer { exchange.server.stop() }
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let history = scratch.path + "/history.sqlite"
        let url = "http://\(server.address)"
        let delivered = Locked<[StrategyKit.Filing]>([])
        let figures = Locked(EdgarFigures())
        let first = try Self.poller(url, history: history, delivered: delivered, figures: figures)

        await first.poll()
        #expect(delivered.get().isEmpty, "a company's first poll is its history, not news")
        #expect(figures.get().filings == 0, "history stored is not counted as news")
        #expect(figures.get().requests["ok"] == 2, "the company list and the submissions")
        #expect(figures.get().lastPoll != nil)

        server.fileEdgarFilings()
        await first.poll()
        let news = delivered.get()
        try #require(news.count == 1, "\(news)")
        #expect(news[0].symbol == "FOOBAR")
        #expect(["8-K", "4"].contains(news[0].form))
        #expect(news[0].documentURL.hasPrefix(url + "/Archives/edgar/data/"))
        #expect(figures.get().filings == 1)
        await first.poll()
        #expect(delivered.get().count == 1, "fetched again, stored once, delivered once")

        // A restart: a new poller over the same history.
        let restarted = try Self.poller(url, history: history, delivered: delivered)
        await restarted.poll()
        #expect(delivered.get().count == 1, "a restart delivers nothing again")
        let database = try HistoryDatabase.readOnly(path: history)
        #expect(try database.filings(HistoryFilingFilter(company: .ticker("FOOBAR"))).contains { $0.accession == news[0].accessionNumber })
    }

    @Test func edgarDownIsCountedAndItsFailureLoggedOnce() async throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.remove() }
        let log = CollectingHandler()
        let figures = Locked(EdgarFigures())
        let delivered = Locked<[StrategyKit.Filing]>([])
        // A port nothing listens on: the server is gone once made.
        let gone = try VenueHarness.filingOnDemand(symbols: ["FOOBAR"])
        let url = "http://\(gone.server.address)"
        gone.server.stop()
        let poller = try Self.poller(url, history: scratch.path + "/history.sqlite", delivered: delivered, figures: figures, log: log)
        await poller.poll()
        await poller.poll()
        #expect(figures.get().requests["transport"] == 2)
        #expect(figures.get().lastPoll != nil)
        #expect(log.messages.filter { $0 == "EDGAR poll failed" }.count == 1, "\(log.messages)")
        #expect(delivered.get().isEmpty)
    }
}
