import Backtest
import Foundation
import Recording
import Risk
import StrategyKit
import Testing
import TestSupport
import Trading

/// Writes down what a day of the market tells it, and on the first day sends the orders the
/// session must sort: a market order and a limit day order (extended hours, where the venue takes
/// them) before the open, a day and a gtc limit in the session, a gtc limit after the close.
final class SessionProbe: Strategy {
    var log: [String] = []

    func onSession(_ event: SessionEvent, context: StrategyContext) -> [Intent] {
        switch event {
        case .opened(let closes): log.append("\(SessionDays.label(context.now)) opened, closes \(SessionDays.label(closes))")
        case .closed(let opens): log.append("\(SessionDays.label(context.now)) closed, opens \(opens.map(SessionDays.label) ?? "-")")
        }
        return []
    }

    func onTrade(_ trade: Trade, context: StrategyContext) -> [Intent] {
        log.append("\(SessionDays.label(context.now)) trade \(trade.price.cents(rounded: .towardZero))")
        return []
    }

    func onBook(_ view: BookView, context: StrategyContext) -> [Intent] {
        let now = SessionDays.label(context.now)
        guard now.hasPrefix("d0 ") else {
            if now.hasSuffix("13:00:00.000") { log.append("\(now) book, opens \(context.session.nextOpen.map(SessionDays.label) ?? "-")") }
            return []
        }
        func limit(_ cents: Int64, _ timeInForce: TimeInForce, _ tag: String) -> Intent {
            .place(OrderRequest(symbol: "FOOBAR", side: .buy, price: Price(cents: cents), qty: 1, timeInForce: timeInForce, tag: tag))
        }
        switch now {
        case "d0 13:00:00.000":
            return [.place(OrderRequest(symbol: "FOOBAR", side: .buy, type: .market, price: .zero, qty: 1, tag: "market")), limit(4000, .day, "extended")]
        case "d0 15:00:00.000": return [limit(4100, .day, "day"), limit(4200, .gtc, "gtc")]
        case "d0 21:30:00.000": return [limit(4300, .gtc, "late")]
        default: return []
        }
    }

    func onOrderUpdate(_ update: OrderUpdate, context: StrategyContext) -> [Intent] {
        let now = SessionDays.label(context.now)
        switch update {
        case .accepted(_, let request): log.append("\(now) accepted \(request.tag)")
        case .rejected(let request, let reason): log.append("\(now) rejected \(request.tag): \(reason.prefix(32))")
        case .closed(_, let request, _): log.append("\(now) closed \(request.tag)")
        default: break
        }
        return []
    }
}

/// Day files of FOOBAR from 2026-11-02 on, with Alpaca's session in UTC (pre-market from 09:00,
/// the session 14:30 to 21:00, after-hours until 01:00): books at 13:00, 15:00, 20:59 and 21:30,
/// a trade half a second after the second and the last.
enum SessionDays {
    static let firstMidnight: Int64 = 1_793_577_600 * 1_000_000_000
    static let day: Int64 = 86_400 * 1_000_000_000

    static func time(_ day: Int, _ hour: Int64, _ minute: Int64, milliseconds: Int64 = 0) -> Timestamp {
        Timestamp(nanoseconds: firstMidnight + Int64(day) * Self.day + (hour * 3_600 + minute * 60) * 1_000_000_000 + milliseconds * 1_000_000)
    }

    /// `d1 14:30:00.000`: the day counted from the first file's, and the time of day.
    static func label(_ time: Timestamp) -> String {
        let offset = time.nanoseconds - firstMidnight
        let (day, rest) = (offset / Self.day, offset % Self.day / 1_000_000)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let milliseconds = rest % 1_000
        return "d\(day) \(two(rest / 3_600_000)):\(two(rest / 60_000 % 60)):\(two(rest / 1_000 % 60)).\(milliseconds < 100 ? "0" : "")\(two(milliseconds))"
    }

    static func date(_ day: Int) -> String { "2026-11-0\(2 + day)" }

    /// Writes `days` day files into `directory`, named by their dates, in the compact form.
    static func write(days: Int, to directory: String) throws {
        for day in 0..<days {
            let session = RecordingSession(
                date: date(day), open: time(day, 14, 30), close: time(day, 21, 0), extendedOpen: time(day, 9, 0),
                extendedClose: time(day + 1, 1, 0))
            let writer = try RecordingWriter(
                path: "\(directory)/\(date(day)).twrc",
                header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tests", session: session), format: .compact)
            var sequence: UInt64 = 0
            func book(_ hour: Int64, _ minute: Int64) throws {
                sequence += 1
                try writer.append(.book(RecordingFixtures.book(
                    sequence: sequence, time: time(day, hour, minute).nanoseconds, bids: [(5000, 100)], asks: [(5002, 100)])))
            }
            func trade(_ hour: Int64, _ minute: Int64, cents: Int64) throws {
                let at = time(day, hour, minute, milliseconds: 500)
                try writer.append(.trade(RecordedTrade(Trade(symbol: "FOOBAR", price: Price(cents: cents), qty: 5, time: at), conditions: ["@"])))
            }
            try book(13, 0)
            try book(15, 0)
            try trade(15, 0, cents: 5001)
            try book(20, 59)
            try book(21, 30)
            try trade(21, 30, cents: 5002)
            try writer.close()
        }
    }
}

@Suite(.timeLimit(.minutes(10))) struct SessionBacktestTests {
    static func backtester(_ strategy: any Strategy, extendedHours: Bool) throws -> Backtester {
        try Backtester(venue: ReplayVenueConfiguration(venue: "TESTEX", account: "EXB123456", extendedHours: extendedHours)) { journal in
            TradingEngine(
                venue: "TESTEX",
                strategies: [EngineStrategy(
                    id: "s", symbols: ["FOOBAR"], parameters: try StrategyParameters(schema: []), strategy: strategy,
                    limits: BacktesterTests.limits, data: MarketDataSubscription(books: .every, trades: true))],
                accountLimits: AccountRiskLimits(maxSymbolPosition: 10_000, maxLoss: 100_000_000), journal: journal,
                logger: Logger(part: "engine", level: .error, handler: SilentLogHandler()))
        }
    }

    @Test func daysReplayInOrderWithTheirSessionsRefusingAndExpiringOrdersAsAlpaca() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SessionDays.write(days: 3, to: directory.path)
        let days = try DayRecordings.select([directory.path], from: SessionDays.date(0), to: SessionDays.date(1))
        #expect(days.map(\.date) == [SessionDays.date(0), SessionDays.date(1)])
        let probe = SessionProbe()
        let backtester = try Self.backtester(probe, extendedHours: true)
        _ = try backtester.run(try RecordingSequence.open(paths: days.map(\.path)))
        #expect(probe.log == [
            "d0 13:00:00.000 closed, opens d0 14:30:00.000",
            "d0 13:00:00.000 rejected market: EXCHANGE_REJECTED: MARKET_CLOSED",
            "d0 13:00:00.000 accepted extended",
            "d0 14:30:00.000 opened, closes d0 21:00:00.000",
            "d0 15:00:00.000 accepted day",
            "d0 15:00:00.000 accepted gtc",
            "d0 15:00:00.500 trade 5001",
            "d0 21:00:00.000 closed, opens -",
            "d0 21:30:00.000 rejected late: EXCHANGE_REJECTED: MARKET_CLOSED",
            "d0 21:30:00.500 trade 5002",
            "d1 01:00:00.000 closed extended",
            "d1 01:00:00.000 closed day",
            "d1 13:00:00.000 book, opens d1 14:30:00.000",
            "d1 14:30:00.000 opened, closes d1 21:00:00.000",
            "d1 15:00:00.500 trade 5001",
            "d1 21:00:00.000 closed, opens -",
            "d1 21:30:00.500 trade 5002",
        ])
        #expect(backtester.statistics.books == 8)
        #expect(backtester.statistics.trades == 4)
        #expect(backtester.statistics.rejected == 2)
        #expect(backtester.statistics.expired == 2)
        // The gtc order outlived both days; the engine's stop cancelled it.
        #expect(backtester.venue.openOrders.isEmpty && backtester.venue.status(of: OrderID(3))?.open == false)
    }

    @Test func withoutExtendedHoursEveryOrderOutsideTheSessionIsRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SessionDays.write(days: 1, to: directory.path)
        let probe = SessionProbe()
        let backtester = try Self.backtester(probe, extendedHours: false)
        _ = try backtester.run(try RecordingFormat.open(path: "\(directory.path)/\(SessionDays.date(0)).twrc"))
        #expect(probe.log.filter { $0.contains("extended") || $0.contains("day") } == [
            "d0 13:00:00.000 rejected extended: EXCHANGE_REJECTED: MARKET_CLOSED", "d0 15:00:00.000 accepted day",
            "d0 21:00:00.000 closed day",
        ])
        #expect(backtester.statistics.rejected == 3)
        #expect(backtester.statistics.expired == 1)
    }

    @Test func aRecordingWithoutASessionIsAlwaysOpenAndTellsNoSession() throws {
        let path = RecordingFixtures.temporaryPath(".jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let writer = try RecordingWriter(path: path, header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tests"), format: .jsonLines)
        for (index, (hour, minute)) in [(Int64(13), Int64(0)), (15, 0), (21, 30)].enumerated() {
            try writer.append(.book(RecordingFixtures.book(
                sequence: UInt64(index + 1), time: SessionDays.time(0, hour, minute).nanoseconds, bids: [(5000, 100)], asks: [(5002, 100)])))
        }
        try writer.close()
        let probe = SessionProbe()
        let backtester = try Self.backtester(probe, extendedHours: false)
        _ = try backtester.run(try RecordingFormat.open(path: path))
        #expect(probe.log.filter { $0.contains("accepted") }.count == 5)
        #expect(!probe.log.contains { $0.contains("rejected") || $0.contains("opened") || $0.contains("closed, ") })
        #expect(backtester.statistics.rejected == 0 && backtester.statistics.expired == 0)
    }
}

extension SessionBacktestTests {
    @Test func aRestingOrderFillsOnlyWithinItsHours() throws {
        var venue = ReplayVenue(configuration: ReplayVenueConfiguration(venue: "TESTEX", account: "EXB123456", extendedHours: true))
        func session(_ day: Int) -> RecordingSession {
            RecordingSession(
                date: SessionDays.date(day), open: SessionDays.time(day, 14, 30), close: SessionDays.time(day, 21, 0),
                extendedOpen: SessionDays.time(day, 9, 0), extendedClose: SessionDays.time(day + 1, 1, 0))
        }
        func book(_ day: Int, _ hour: Int64, ask: Int64) -> [String] {
            let time = SessionDays.time(day, hour, 0).nanoseconds
            return venue.apply(RecordingFixtures.book(sequence: UInt64(time / 1_000_000), time: time, bids: [(4900, 10)], asks: [(ask, 10)]))
                .compactMap { if case .filled(let update) = $0 { "\(update.status.id) \(update.status.totalFilled.shares)" } else { nil } }
        }
        venue.session = session(0)
        #expect(book(0, 15, ask: 5100).isEmpty)
        // A gtc order, which never trades outside the session, and a limit day order, which goes
        // out as an extended-hours one.
        for (client, timeInForce) in [(UInt64(1), TimeInForce.gtc), (2, .day)] {
            venue.submit(
                OrderRequest(symbol: "FOOBAR", side: .buy, price: Price(cents: 5000), qty: 10, timeInForce: timeInForce),
                clientID: ClientOrderID(rawValue: client), at: SessionDays.time(0, 15, 0))
        }
        #expect(venue.advance(to: SessionDays.time(0, 15, 0)).count == 2)
        #expect(book(0, 22, ask: 4990) == ["2 10"])
        venue.session = session(1)
        #expect(book(1, 10, ask: 4990).isEmpty)
        #expect(book(1, 15, ask: 4990) == ["1 10"])
    }
}

extension SessionBacktestTests {
    @Test func aDayFileAfterARecordingWithoutASessionClosesTheMarketAtItsStart() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try SessionDays.write(days: 2, to: directory.path)
        let plain = directory.file("plain.jsonl")
        let writer = try RecordingWriter(path: plain, header: RecordingHeader(venue: "TESTEX", symbols: ["FOOBAR"], producer: "tests"), format: .jsonLines)
        try writer.append(.book(RecordingFixtures.book(
            sequence: 1, time: SessionDays.time(0, 15, 0).nanoseconds, bids: [(5000, 100)], asks: [(5002, 100)])))
        try writer.close()
        let probe = SessionProbe()
        let backtester = try Self.backtester(probe, extendedHours: false)
        _ = try backtester.run(try RecordingSequence.open(paths: [plain, directory.file("\(SessionDays.date(1)).twrc")]))
        #expect(Array(probe.log.prefix(4)) == [
            "d0 15:00:00.000 accepted day", "d0 15:00:00.000 accepted gtc", "d1 13:00:00.000 closed, opens d1 14:30:00.000",
            "d1 13:00:00.000 book, opens d1 14:30:00.000",
        ])
        // The day order of a day without a session knew no close; it expires at the next one.
        #expect(probe.log.contains("d1 21:00:00.000 closed day"))
    }
}
