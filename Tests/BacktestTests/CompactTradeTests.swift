import Foundation
import Recording
import StrategyKit
import Testing

/// The compact form's own trade record (version 5): every field back as written, a fraction of
/// the JSON text's bytes, numbers refused as the other forms refuse them, and a version-4 file
/// that holds one refused (no writer of version 4 made it).
@Suite(.timeLimit(.minutes(10))) struct CompactTradeTests {
    /// An Alpaca-like day: a quote and a trade or two at a time, some trades with conditions.
    private static func day(trades count: Int) -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        var random = SplitMix64(seed: 5)
        let open: Int64 = 1_796_311_800_000_000_000
        for index in 0..<count {
            let time = open + Int64(index) * 37_000_123
            let price = Int64(2_300_000 + Int.random(in: -500...500, using: &random) * 100)
            events.append(.book(BookSnapshot.fixture(
                bids: [(price - 100, 300)], asks: [(price + 100, 200)], symbol: "AAPL",
                exchangeTime: Timestamp(nanoseconds: time), receivedTime: Timestamp(nanoseconds: time), sequence: UInt64(index))))
            let conditions: [String] = switch index % 3 {
            case 0: ["@"]
            case 1: ["@", "F", "I"]
            default: []
            }
            events.append(.trade(RecordedTrade(
                Trade(symbol: index % 5 == 0 ? "MSFT" : "AAPL", price: Price(units: price + 17), qty: Quantity(shares: Int64(1 + index % 300)),
                      time: Timestamp(nanoseconds: time + 1)),
                conditions: conditions)))
        }
        return events
    }

    private static func write(_ events: [RecordedEvent], to path: String) throws {
        let writer = try RecordingWriter(
            path: path, header: RecordingHeader(venue: "ALPACA", symbols: ["AAPL", "MSFT"], producer: "tests"),
            format: RecordingFormat(fileName: path))
        for event in events { try writer.append(event) }
        try writer.close()
    }

    @Test func tradesComeBackAsWrittenInAFractionOfTheirJSONBytes() throws {
        let events = Self.day(trades: 3_000)
        let compact = RecordingFixtures.temporaryPath("day.twrc")
        let lines = RecordingFixtures.temporaryPath("day.jsonl")
        let back = RecordingFixtures.temporaryPath("back.jsonl")
        defer { for path in [compact, lines, back] { try? FileManager.default.removeItem(atPath: path) } }
        try Self.write(events, to: compact)
        try Self.write(events, to: lines)
        #expect(try RecordingFormat.open(path: compact).readAll() == events)
        #expect(try RecordingFormat.open(path: compact, readingAhead: true).readAll() == events)
        try RecordingConverter.convert(compact, to: back, format: .jsonLines)
        #expect(try RecordingFixtures.bytes(back) == RecordingFixtures.bytes(lines))
        // A trade's JSON line is about 110 bytes; its compact record about 30.
        let tradeBytes = try RecordingFixtures.bytes(compact).count - Self.booksAlone(events, path: compact + ".books")
        #expect(tradeBytes < 3_000 * 32, "\(tradeBytes) bytes for 3,000 trades")
    }

    /// The bytes of `events`' books alone in the compact form.
    private static func booksAlone(_ events: [RecordedEvent], path: String) throws -> Int {
        defer { try? FileManager.default.removeItem(atPath: path) }
        try write(events.filter { if case .book = $0 { true } else { false } }, to: path)
        return try RecordingFixtures.bytes(path).count
    }

    @Test(arguments: [(Int64(-1), Int64(5), "trade.price: -1 is out of range 0...1000000000"), (100, 0, "trade.qty: 0 is out of range 1...1000000000")])
    func aTradeOutOfRangeIsRefusedNamingTheNumber(price: Int64, qty: Int64, reason: String) throws {
        let compact = RecordingFixtures.temporaryPath("bad.twrc")
        defer { try? FileManager.default.removeItem(atPath: compact) }
        let bad = RecordedEvent.trade(RecordedTrade(Trade(symbol: "AAPL", price: Price(units: price), qty: Quantity(shares: qty), time: Timestamp(nanoseconds: 9))))
        try Self.write(Array(Self.day(trades: 2)) + [bad], to: compact)
        let reader = try RecordingFormat.open(path: compact)
        #expect(try reader.next() != nil && reader.next() != nil && reader.next() != nil && reader.next() != nil)
        #expect(throws: BacktestError.malformedRecord(path: compact, record: 5, reason: reason)) { try reader.next() }
        #expect(try reader.next() == nil)
    }

    @Test func aVersionFourFileHoldingATradeIsRefusedAsNoWriterMadeIt() throws {
        let path = RecordingFixtures.temporaryPath("v4.twrc")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.write(Self.day(trades: 1), to: path)
        var bytes = try RecordingFixtures.bytes(path)
        let version = Array(#""version":5"#.utf8)
        let at = try #require((0...(bytes.count - version.count)).first { Array(bytes[$0..<($0 + version.count)]) == version })
        bytes[at + version.count - 1] = UInt8(ascii: "4")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let reader = try RecordingFormat.open(path: path)
        #expect(try reader.next() != nil)
        guard case .malformedRecord(_, 2, let reason) = reader.failure() else {
            Issue.record("the trade record is refused naming it")
            return
        }
        #expect(reason.hasSuffix("unknown record kind 4"), "\(reason)")
    }
}

extension RecordingReader {
    /// The error the next record throws, or nil.
    fileprivate func failure() -> BacktestError? {
        do {
            _ = try next()
            return nil
        } catch {
            return error
        }
    }
}
