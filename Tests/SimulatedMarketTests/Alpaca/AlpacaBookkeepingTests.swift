import MatchingEngine
@testable import SimulatedMarket
import StrategyKit
import Testing

/// The Alpaca side's bookkeeping with explicit times, where waiting for the wall clock would
/// not do: bars over several minutes and days, and day orders expiring at the session's close.
@Suite(.timeLimit(.minutes(10))) struct AlpacaBookkeepingTests {
    private let minute: Int64 = 60_000_000_000
    /// 2025-03-03T14:00:00Z.
    private let start = Timestamp(iso8601: "2025-03-03T14:00:00Z")!

    @Test func minuteBarsAggregateIntoLongerOnesAndDays() {
        var tape = TradeTape()
        let symbol = Symbol("FOOBAR")
        let prints: [(offset: Int64, cents: Int64, qty: Int64)] = [
            (0, 1000, 1), (30_000_000_000, 1020, 2), (61_000_000_000, 990, 3), (125_000_000_000, 1010, 4),
            (1_440 * 60_000_000_000, 1100, 5),
        ]
        for print in prints {
            tape.record(symbol, price: Price(cents: print.cents), qty: Quantity(shares: print.qty), at: Timestamp(nanoseconds: start.nanoseconds + print.offset))
        }
        let end = start.nanoseconds + 2 * 1_440 * minute
        let minutes = tape.bars(symbol, span: minute, from: start.nanoseconds, to: end)
        #expect(minutes.map(\.volume.shares) == [3, 3, 4, 5])
        #expect(minutes[0].open == Price(cents: 1000) && minutes[0].high == Price(cents: 1020) && minutes[0].close == Price(cents: 1020))
        let twoMinutes = tape.bars(symbol, span: 2 * minute, from: start.nanoseconds, to: end)
        #expect(twoMinutes.map(\.volume.shares) == [6, 4, 5])
        #expect(twoMinutes[0].low == Price(cents: 990) && twoMinutes[0].trades == 3)
        let days = tape.dailyBars(symbol, at: start.nanoseconds + 1_440 * minute + minute)
        #expect(days.today?.volume.shares == 5)
        #expect(days.previous?.close == Price(cents: 1010) && days.previous?.open == Price(cents: 1000))
        #expect(tape.bars(symbol, span: minute, from: start.nanoseconds + minute, to: start.nanoseconds + 2 * minute).count == 1)
    }

    @Test func dayOrdersStillOpenAtTheCloseExpireAndGtcOrdersStay() throws {
        let session = try #require(AlpacaSession(parsing: "14:00-20:00"))
        var configuration = AlpacaConfiguration()
        configuration.session = session
        let venue = Venue("TESTEX")
        var alpaca = AlpacaMarket(venue: venue, configuration: configuration, newsSeed: 1)
        var listing = Marketplace.Listing(exchange: Exchange(venue: venue, symbols: [Symbol("FOOBAR")]), stocks: [])
        let account = Account("ALPACA1")
        alpaca.openAccount(account, at: start)
        var ids: [OrderID] = []
        for tif in [AlpacaOrderRecord.TimeInForce.day, .gtc] {
            let id = try listing.exchange.submit(
                symbol: Symbol("FOOBAR"), account: account, side: .buy, type: .limit, price: Price(cents: 100), qty: 1, at: start).id
            alpaca.add(AlpacaOrderRecord(
                id: id, account: account, clientOrderID: tif.rawValue, symbol: Symbol("FOOBAR"), side: .buy, kind: .limit, timeInForce: tif,
                limitPrice: Price(cents: 100), qty: 1, extendedHours: false, createdAt: start, updatedAt: start, engineID: id))
            ids.append(id)
        }
        alpaca.expireDayOrders(at: Timestamp(nanoseconds: start.nanoseconds + 5 * 60 * minute), on: &listing)
        #expect(alpaca.orders[ids[0]]?.status == "new", "before the close")
        alpaca.expireDayOrders(at: Timestamp(nanoseconds: start.nanoseconds + 6 * 60 * minute + 1), on: &listing)
        #expect(alpaca.orders[ids[0]]?.status == "expired")
        #expect(alpaca.orders[ids[0]]?.expiredAt != nil)
        #expect(listing.exchange.status(ids[0])?.open == false, "cancelled on the book")
        #expect(alpaca.orders[ids[1]]?.status == "new")
        #expect(alpaca.open == [ids[1]])
    }

    @Test func orderUUIDsRoundTripAndOtherKindsAreNotOrders() {
        for number: UInt64 in [0, 1, 1_733_000_000_000_000, UInt64.max] {
            let uuid = AlpacaIdentifier.uuid(number, .order)
            #expect(uuid.count == 36)
            #expect(AlpacaIdentifier.orderNumber(Substring(uuid)) == number)
        }
        #expect(AlpacaIdentifier.orderNumber(Substring(AlpacaIdentifier.uuid(5, .fill))) == nil)
        #expect(AlpacaIdentifier.orderNumber("12345") == nil)
    }
}
