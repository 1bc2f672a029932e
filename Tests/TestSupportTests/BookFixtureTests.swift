import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct BookFixtureTests {
    @Test func entriesKeepTheirOrderAndSideAndTheDefaultsAreFOOBAROnTESTEX() {
        let book = BookSnapshot.fixture(bids: [(5_000, 3), (4_990, 7)], asks: [(5_010, 4)])
        #expect(book.venue == "TESTEX" && book.symbol == "FOOBAR" && book.sequence == 1)
        #expect(book.exchangeTime == .zero && book.receivedTime == .zero)
        #expect(book.bids == [BookEntry(price: 5_000, qty: 3, isBuy: true), BookEntry(price: 4_990, qty: 7, isBuy: true)])
        #expect(book.asks == [BookEntry(price: 5_010, qty: 4, isBuy: false)])
    }

    @Test func everyFieldCanBeGiven() {
        let book = BookSnapshot.fixture(
            bidEntries: [], askEntries: [BookEntry(price: 1, qty: 2, isBuy: false)], venue: "OTHER", symbol: "BAZ",
            exchangeTime: Timestamp(nanoseconds: 5), receivedTime: Timestamp(nanoseconds: 6), sequence: 9)
        #expect(book.venue == "OTHER" && book.symbol == "BAZ" && book.sequence == 9)
        #expect(book.exchangeTime == Timestamp(nanoseconds: 5) && book.receivedTime == Timestamp(nanoseconds: 6))
        #expect(book.bids.isEmpty && book.asks == [BookEntry(price: 1, qty: 2, isBuy: false)])
    }
}
