@testable import Recording
import StrategyKit
import Testing

/// A book's JSON line: its bytes are pinned (names escaped with `\u00XX`, integers at their
/// limits) and the byte parser reads them back into the same book.
@Suite(.timeLimit(.minutes(10))) struct BookLineBytesTests {
    static let book = BookSnapshot(
        venue: Venue("TE\"S\\T\n"), symbol: Symbol("FOO😀"),
        bids: [BookEntry(price: .maxAccepted, qty: Quantity(shares: 1), isBuy: true)],
        asks: [BookEntry(price: .maxAccepted, qty: Quantity(shares: 1_000_000_000), isBuy: false)],
        exchangeTime: Timestamp(nanoseconds: Int64.min), receivedTime: Timestamp(nanoseconds: Int64.max),
        sequence: UInt64(Int64.max))

    @Test func aBookLineHasItsPinnedBytesAndReadsBack() throws {
        var bytes: [UInt8] = []
        try RecordEncoder().appendJSONLine(.book(Self.book), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self)
            == #"{"kind":"book","venue":"TE\"S\\T\u000a","symbol":"FOO😀","seq":9223372036854775807,"#
            + #""exchangeTime":-9223372036854775808,"receivedTime":9223372036854775807,"#
            + #""bids":[[1000000000,1]],"asks":[[1000000000,1000000000]]}"# + "\n")
        var parser = BookLineParser(booksHeld: 1)
        let read = try bytes.dropLast().withUnsafeBytes { line throws in try parser.parse(line) }
        #expect(read == Self.book)
    }
}
