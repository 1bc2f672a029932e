import Foundation
@testable import Recording
import StrategyKit
import Trading
import Testing

/// Version-1 recordings (prices in cents) still read, in both forms, every price converted
/// exactly to units of $0.0001; new files are version 2, and converting an old file writes one.
@Suite(.timeLimit(.minutes(10))) struct RecordingVersionTests {
    /// One record of each kind that holds a price, every price `price`.
    static func events(price: Price) -> [RecordedEvent] {
        let at = Timestamp(nanoseconds: 1_700_000_000_000_000_000)
        let status = OrderStatus(
            id: 9, venue: "TESTEX", symbol: "FOOBAR", account: "EXB123456", side: .buy, type: .limit, price: price,
            originalQty: 10, qty: 6, ts: at, fills: [OrderFill(price: price, qty: 4, ts: at)], totalFilled: 4, open: true)
        return [
            .book(BookSnapshot(
                venue: "TESTEX", symbol: "FOOBAR", bids: [BookEntry(price: price, qty: 3, isBuy: true)],
                asks: [BookEntry(price: price + price, qty: 1, isBuy: false)], exchangeTime: at, receivedTime: at, sequence: 1)),
            .place(ClientOrderID(rawValue: 1), OrderRequest(symbol: "FOOBAR", side: .buy, price: price, qty: 10, tag: "t"), strategy: "mm", time: at),
            .placed(ClientOrderID(rawValue: 1), status, time: at),
            .orderReports([status], time: at),
            .accountOrders([status], venue: "TESTEX", symbol: nil, requestedAt: at, time: at),
            .fill(Fill(
                venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", orderID: 9, index: 0, side: .buy, price: price,
                qty: 4, time: at, strategyID: "mm")),
        ]
    }

    /// Writes `events` as version 2, then marks the header version 1 (the same length), so the
    /// file holds their prices' units as a version-1 file holds cents.
    static func writeVersionOne(_ events: [RecordedEvent], to path: String, format: RecordingFormat) throws {
        try RecordingFixtures.write(events, to: path, format: format)
        var bytes = try RecordingFixtures.bytes(path)
        let current = Array(#""version":2"#.utf8)
        let index = try #require((0...(bytes.count - current.count)).first { Array(bytes[$0..<$0 + current.count]) == current })
        bytes.replaceSubrange(index..<index + current.count, with: Array(#""version":1"#.utf8))
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The compact form came with version 3: there is no version-1 compact file.
    static let versionOneForms: [RecordingFormat] = [.jsonLines, .binary]

    @Test(arguments: versionOneForms)
    func aVersionOneRecordingReadsItsCentsAsExactPrices(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("v1")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeVersionOne(Self.events(price: Price(units: 5_125)), to: path, format: format)
        let reader = try RecordingFormat.open(path: path)
        #expect(reader.header.version == 1)
        var read: [RecordedEvent] = []
        while let event = try reader.next() { read.append(event) }
        #expect(read == Self.events(price: Price(cents: 5_125)))
    }

    @Test(arguments: versionOneForms)
    func aVersionOnePriceBeyondTheLimitInUnitsIsRefusedNamingIt(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("v1-big")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.writeVersionOne(Array(Self.events(price: Price(units: 10_000_001)).prefix(1)), to: path, format: format)
        let reader = try RecordingFormat.open(path: path)
        #expect(throws: BacktestError.malformedRecord(
            path: path, record: 1, reason: "bids[0].price: 10000001 is out of range 0...10000000 (cents, recording version 1)")) {
            try reader.next()
        }
    }

    /// The JSON Lines parser converts a version-1 book's cents as it parses (malformed-input
    /// cases of that branch): a price beyond the limit is refused only once the line is a valid
    /// book, after a side out of order, as converting the finished book refused it; another
    /// kind's stray `bids` are not checked.
    @Test func aVersionOneLineIsRefusedOnlyOnceItIsAValidBook() throws {
        let path = RecordingFixtures.temporaryPath("v1-lines.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = #"{"format":"tickwork-recording","kind":"books","producer":"tests","symbols":["FOOBAR"],"venue":"TESTEX","version":1}"#
        let book = #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":1,"receivedTime":2,"#
        let lines = [
            #"{"bids":[[20000000,1]],"kind":"timer","time":5}"#,
            book + #""bids":[[20000000,1],[5000,1]]}"#,
            book + #""bids":[[20000000,1]],"asks":[[7,1],[6,1]]}"#,
            book + #""bids":[[10000000,2]],"asks":[[10000000,1]]}"#,
        ]
        try Data(([header] + lines).joined(separator: "\n").appending("\n").utf8).write(to: URL(fileURLWithPath: path))
        let reader = try RecordingFormat.open(path: path)
        #expect(try reader.next() == .timer(Timestamp(nanoseconds: 5)))
        #expect(throws: BacktestError.malformedRecord(
            path: path, record: 2, reason: "bids[0].price: 20000000 is out of range 0...10000000 (cents, recording version 1)")) {
            try reader.next()
        }
        #expect(throws: BacktestError.malformedRecord(path: path, record: 3, reason: BestFirstCheck.refusal)) { try reader.next() }
        guard case .book(let read)? = try reader.next() else {
            Issue.record("expected a book")
            return
        }
        #expect(read.bids == [BookEntry(price: .maxAccepted, qty: 2, isBuy: true)])
        #expect(read.asks == [BookEntry(price: .maxAccepted, qty: 1, isBuy: false)])
    }

    @Test func newFilesAreVersionTwoWithSubPennyPricesAndAConvertedOldFileBecomesOne() throws {
        let old = RecordingFixtures.temporaryPath("v1.jsonl")
        let converted = RecordingFixtures.temporaryPath("v2.twrb")
        defer {
            try? FileManager.default.removeItem(atPath: old)
            try? FileManager.default.removeItem(atPath: converted)
        }
        try Self.writeVersionOne(Self.events(price: Price(units: 5_125)), to: old, format: .jsonLines)
        try RecordingConverter.convert(old, to: converted, format: .binary)
        let reader = try RecordingFormat.open(path: converted)
        #expect(reader.header.version == RecordingHeader.currentVersion && RecordingHeader.currentVersion == 2)
        var read: [RecordedEvent] = []
        while let event = try reader.next() { read.append(event) }
        #expect(read == Self.events(price: Price(cents: 5_125)))

        let subPenny = RecordingFixtures.temporaryPath("v2.jsonl")
        defer { try? FileManager.default.removeItem(atPath: subPenny) }
        try RecordingFixtures.write(Self.events(price: Price(units: 5_0001)), to: subPenny, format: .jsonLines)
        let text = String(decoding: try RecordingFixtures.bytes(subPenny), as: UTF8.self)
        #expect(text.contains(#""version":2}"#))
        #expect(text.contains(#""bids":[[50001,3]]"#))
        let again = try RecordingFormat.open(path: subPenny)
        #expect(try again.next() == Self.events(price: Price(units: 5_0001))[0])
    }
}
