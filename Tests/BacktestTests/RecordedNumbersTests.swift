import Foundation
import Recording
import StrategyKit
import Testing

/// Recordings holding numbers the exchange client would refuse: both readers, and `JSONDecoder`
/// (the oracle and the reader of the rarer records), refuse the record, naming the number.
@Suite(.timeLimit(.minutes(10))) struct RecordedNumbersTests {
    static let hostileEntries: [(bids: [(Int64, Int64)], asks: [(Int64, Int64)], reason: String)] = [
        ([(5_000_000_000_000_000_000, 1)], [], "bids[0].price: 5000000000000000000 is out of range 0...1000000000"),
        ([(5000, 1)], [(5010, 1), (5020, -1)], "asks[1].qty: -1 is out of range 0...1000000000"),
        ([(5000, .max)], [], "bids[0].qty: 9223372036854775807 is out of range 0...1000000000"),
        ([], [(.min, 1)], "asks[0].price: -9223372036854775808 is out of range 0...1000000000"),
        ([(1_000_000_001, 1)], [], "bids[0].price: 1000000001 is out of range 0...1000000000"),
    ]

    /// A book with prices in `Price.units`, as a recording holds them.
    static func book(sequence: UInt64, time: Int64, bids: [(Int64, Int64)], asks: [(Int64, Int64)]) -> BookSnapshot {
        let entries = { (pairs: [(Int64, Int64)], isBuy: Bool) in
            pairs.map { BookEntry(price: Price(units: $0.0), qty: Quantity(shares: $0.1), isBuy: isBuy) }
        }
        var book = RecordingFixtures.book(sequence: sequence, time: time, bids: [], asks: [])
        book.bids = entries(bids, true)
        book.asks = entries(asks, false)
        return book
    }

    @Test(arguments: RecordingFormat.allCases)
    func aBookWithANumberOutOfRangeIsRefusedNamingIt(format: RecordingFormat) throws {
        for hostile in Self.hostileEntries {
            let path = RecordingFixtures.temporaryPath("hostile")
            defer { try? FileManager.default.removeItem(atPath: path) }
            let valid = Self.book(sequence: 1, time: 0, bids: [(1_000_000_000, 1_000_000_000), (0, 0)], asks: [])
            let book = Self.book(sequence: 2, time: 1, bids: hostile.bids, asks: hostile.asks)
            try RecordingFixtures.write([.book(valid), .book(book)], to: path, format: format)
            let reader = try RecordingFormat.open(path: path)
            #expect(try reader.next() == .book(valid))
            #expect(throws: BacktestError.malformedRecord(path: path, record: 2, reason: hostile.reason)) { try reader.next() }
        }
    }

    @Test func jsonDecoderRefusesTheSameBook() {
        let line = #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":3,"exchangeTime":1,"receivedTime":2,"bids":[[9223372036854775807,1]]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8)) }
    }

    static let order = #"{"id":1,"venue":"TESTEX","symbol":"FOOBAR","account":"EXB1","direction":"buy","orderType":"limit","price":PRICE,"originalQty":10,"qty":QTY,"ts":"2015-07-05T22:16:18Z","fills":[{"price":5000,"qty":FILL,"ts":"2015-07-05T22:16:18Z"}],"totalFilled":TOTAL,"open":true}"#

    @Test(arguments: [
        ("PRICE", "5000000000000000000"), ("PRICE", "-1"), ("QTY", "9223372036854775807"), ("FILL", "0"), ("FILL", "11"),
        ("FILL", "-9223372036854775808"), ("TOTAL", "11"),
    ])
    func anOrderStatusWithANumberOutOfRangeIsRefused(placeholder: String, value: String) throws {
        let defaults = ["PRICE": "5000", "QTY": "5", "FILL": "5", "TOTAL": "5"]
        let order = defaults.reduce(Self.order) { text, field in
            text.replacingOccurrences(of: field.key, with: field.key == placeholder ? value : field.value)
        }
        let valid = defaults.reduce(Self.order) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
        let line = #"{"kind":"orderReports","time":5,"orders":["# + order + "]}"
        let validLine = #"{"kind":"orderReports","time":5,"orders":["# + valid + "]}"
        #expect(throws: Never.self) { try JSONDecoder().decode(RecordedEvent.self, from: Data(validLine.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8)) }
    }
}
