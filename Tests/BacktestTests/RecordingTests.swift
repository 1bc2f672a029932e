@testable import Backtest
import Foundation
@testable import Recording
import StrategyKit
import Testing
import TestSupport

@Suite(.timeLimit(.minutes(10))) struct RecordingTests {
    @Test(arguments: RecordingFormat.allCases)
    func writtenRecordsReadBackEqual(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("roundtrip")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = RecordingFixtures.events(count: 200, seed: 1)
        try RecordingFixtures.write(events, to: path, format: format)
        let reader = try RecordingFormat.open(path: path)
        #expect(reader.header == RecordingFixtures.header(in: format))
        #expect(reader.progress.consumed < reader.progress.total)
        #expect(try reader.readAll() == events)
        #expect(reader.warnings.isEmpty)
        #expect(reader.progress.consumed == reader.progress.total)
        #expect(reader.progress.total == (try RecordingFixtures.bytes(path).count))
    }

    /// Readers keep the last names decoded; every change of venue or symbol must show.
    @Test(arguments: RecordingFormat.allCases)
    func namesThatChangeFromBookToBookReadBack(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("names")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let names: [(Venue, Symbol)] = [
            ("TESTEX", "FOOBAR"), ("TESTEX", "FOOBAZ"), ("TESTEX", "FOOBAZ"), ("OTHEREX", "FOOBAZ"),
            ("A-VENUE-WITH-A-LONG-NAME", "ÜBERSYMBOL"), ("", "FOOBAR"), ("TESTEX", "FOOBAR"), ("TESTEX", "FOOBA"),
        ]
        let events = names.enumerated().map { index, name in
            var book = RecordingFixtures.book(sequence: UInt64(index + 1), time: Int64(index), bids: [(5000, 1)], asks: [], symbol: name.1)
            book.venue = name.0
            return RecordedEvent.book(book)
        }
        try RecordingFixtures.write(events, to: path, format: format)
        #expect(try RecordingFormat.open(path: path).readAll() == events)
    }

    /// Times and sequence numbers at the ends of their types, prices and quantities at the ends
    /// of the accepted range (`RecordedNumbersTests` has those beyond it).
    @Test(arguments: RecordingFormat.allCases)
    func extremeIntegersSurviveTheRoundTrip(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("extremes")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events: [RecordedEvent] = [.book(BookSnapshot.fixture(
            bidEntries: [BookEntry(price: .maxAccepted, qty: 0, isBuy: true),
                         BookEntry(price: 0, qty: 9, isBuy: true), BookEntry(price: 0, qty: .maxAccepted, isBuy: true)],
            askEntries: [], exchangeTime: Timestamp(nanoseconds: .min), receivedTime: Timestamp(nanoseconds: 99_999_999_999),
            sequence: UInt64(Int64.max)))]
        try RecordingFixtures.write(events, to: path, format: format)
        #expect(try RecordingFormat.open(path: path).readAll() == events)
    }

    @Test func byteParserAgreesWithJSONDecoderOnEveryWrittenLine() throws {
        let path = RecordingFixtures.temporaryPath("oracle.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFixtures.write(RecordingFixtures.events(count: 300, seed: 2), to: path, format: .jsonLines)
        let lines = try RecordingFixtures.bytes(path).split(separator: UInt8(ascii: "\n")).dropFirst()
        let oracle = try lines.map { try JSONDecoder().decode(RecordedEvent.self, from: Data($0)) }
        #expect(try JSONLinesRecordingReader(path: path).readAll() == oracle)
    }

    /// Lines no writer of ours produces but any JSON writer might: other key orders,
    /// whitespace, null sides, escapes, unknown keys.
    static let handWrittenBooks = [
        #"{"asks":[[5010,3]],"bids":[[5000,1],[4990,10]],"kind":"book","receivedTime":20,"seq":7,"symbol":"FOOBAR","venue":"TESTEX","exchangeTime":10}"#,
        #"  { "kind" : "book" , "venue" : "TESTEX", "symbol":"FOOBAR", "seq":1, "exchangeTime":-5, "receivedTime":0, "bids" : [ [ 1 , 2 ] ] , "asks" : null }  "#,
        #"{"kind":"book","venue":"TEST\u0045X","symbol":"F\/OO\"BAR","seq":0,"exchangeTime":1,"receivedTime":2}"#,
        #"{"kind":"b\u006fok","venue":"TESTEX","symbol":"FOOBAR","seq":2,"exchangeTime":1,"receivedTime":2,"bids":[],"asks":[]}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":3,"exchangeTime":1,"receivedTime":2,"note":{"a":[1,2.5e3,true,null,"x"]},"bids":[[1000000000,0],[0,1000000000]]}"#,
        #"{"kind":"timer","time":5}"#,
        #"{"time":6,"kind":"cancel","orderID":3,"symbol":"FOOBAR","venue":"TESTEX"}"#,
        #"{"bids":[[1,1],[2,1]],"kind":"timer","time":5}"#,
    ]

    @Test(arguments: handWrittenBooks)
    func byteParserAgreesWithJSONDecoderOnHandWrittenLines(line: String) throws {
        let oracle = try JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8))
        #expect(try readSingle(line) == oracle)
    }

    static let malformedLines = [
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":1}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":1,"receivedTime":2,"bids":[[1,2,3]]}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":1,"receivedTime":2,"bids":[[1.5,2]]}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":1,"receivedTime":9223372036854775808}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":01,"receivedTime":2}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":3,"exchangeTime":1,"receivedTime":2,"bids":[[9223372036854775807,-9223372036854775808]]}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":3,"exchangeTime":1,"receivedTime":2,"asks":[[1000000001,1]]}"#,
        #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":1,"receivedTime":2} x"#,
        #"{"kind":"book","venue":TESTEX,"symbol":"FOOBAR","seq":1,"exchangeTime":1,"receivedTime":2}"#,
        #"{"kind":"trade","time":1}"#,
        #"["book"]"#,
    ]

    @Test(arguments: malformedLines)
    func byteParserRefusesWhatJSONDecoderRefuses(line: String) throws {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(RecordedEvent.self, from: Data(line.utf8)) }
        #expect(throws: BacktestError.self) { try readSingle(line) }
    }

    @Test(arguments: RecordingFormat.allCases)
    func truncatedFinalRecordIsIgnoredWithAWarning(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("truncated")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = RecordingFixtures.events(count: 5, seed: 3).filter { if case .book = $0 { true } else { false } }
        try RecordingFixtures.write(events, to: path, format: format)
        let whole = try RecordingFixtures.bytes(path)
        try Data(whole.dropLast(9)).write(to: URL(fileURLWithPath: path))
        let reader = try RecordingFormat.open(path: path)
        #expect(try reader.readAll() == Array(events.dropLast()))
        guard case .truncatedFinalRecord(_, let record, _) = reader.warnings.first else {
            Issue.record("expected a truncation warning, got \(reader.warnings)")
            return
        }
        #expect(record == events.count)
        #expect(reader.warnings.count == 1)
    }

    @Test(arguments: RecordingFormat.allCases)
    func aBookWhoseSideIsNotBestFirstIsRefused(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("unsorted")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sorted = RecordingFixtures.book(sequence: 1, time: 0, bids: [(5000, 1), (5000, 2), (4990, 3)], asks: [(5010, 1), (5020, 1)])
        let unsorted = RecordingFixtures.book(sequence: 2, time: 1, bids: [(5000, 1)], asks: [(5020, 1), (5010, 1)])
        try RecordingFixtures.write([.book(sorted), .book(unsorted)], to: path, format: format)
        let reader = try RecordingFormat.open(path: path)
        #expect(try reader.next() == .book(sorted))
        #expect(throws: BacktestError.malformedRecord(path: path, record: 2, reason: BestFirstCheck.refusal)) { try reader.next() }
    }

    /// Sides are parsed into recycled storage, reused in place once nobody holds the book:
    /// every book read one by one is as written, also after a side that failed half-way left
    /// its entries in storage that later, shorter sides reuse, and books still held then are
    /// unchanged.
    @Test func booksReadOneByOneAreAsWrittenAroundASideThatFailedHalfWay() throws {
        let path = RecordingFixtures.temporaryPath("half.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        func book(_ index: Int) -> BookSnapshot {
            RecordingFixtures.book(
                sequence: UInt64(index), time: Int64(index), bids: [(5000, Int64(index)), (4990, 7)], asks: [(5010, 1)])
        }
        let bids = (0..<12).map { "[\(4000 - $0),1]" }.joined(separator: ",")
        let bad = #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":31,"exchangeTime":1,"receivedTime":31,"bids":["#
            + bids + #",[3000]]}"#
        let header = try String(decoding: JSONEncoder().encode(RecordingFixtures.header), as: UTF8.self)
        let lines = try (1...30).map { try String(decoding: JSONEncoder().encode(RecordedEvent.book(book($0))), as: UTF8.self) }
            + [bad] + (32...60).map { try String(decoding: JSONEncoder().encode(RecordedEvent.book(book($0))), as: UTF8.self) }
        try Data(([header] + lines).joined(separator: "\n").appending("\n").utf8).write(to: URL(fileURLWithPath: path))
        let reader = try JSONLinesRecordingReader(path: path)
        var held: [RecordedEvent] = []
        for index in 1...60 {
            guard index != 31 else {
                #expect(throws: BacktestError.malformedRecord(path: path, record: 31, reason: "expected ','")) { try reader.next() }
                continue
            }
            let event = try reader.next()
            #expect(event == .book(book(index)))
            if (27...33).contains(index), let event { held.append(event) }
        }
        #expect(try reader.next() == nil)
        #expect(held == [27, 28, 29, 30, 32, 33].map { .book(book($0)) })
    }

    @Test func aSideOutOfOrderIsRefusedOnlyOnceTheLineIsAValidBook() throws {
        let unsorted = #""bids":[[1,1],[2,1]]"#
        let missingTime = #"{"kind":"book","venue":"TESTEX","symbol":"FOOBAR","seq":1,"exchangeTime":1,"#
        func reason(_ line: String) -> String? {
            do {
                _ = try readSingle(line)
            } catch BacktestError.malformedRecord(_, _, let reason) {
                return reason
            } catch {
                return "\(error)"
            }
            return nil
        }
        #expect(reason(missingTime + unsorted + "}") == "a book needs venue, symbol, seq, exchangeTime and receivedTime")
        #expect(reason(missingTime + unsorted + "} x") == "text after the record")
        #expect(reason(missingTime + #""receivedTime":2,"# + unsorted + "}") == BestFirstCheck.refusal)
    }

    @Test func malformedRecordIsReportedWithItsNumber() throws {
        let path = RecordingFixtures.temporaryPath("bad.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = try String(decoding: JSONEncoder().encode(RecordingFixtures.header), as: UTF8.self)
        try Data((header + "\n" + #"{"kind":"timer","time":1}"# + "\n" + "{oops}\n").utf8).write(to: URL(fileURLWithPath: path))
        let reader = try JSONLinesRecordingReader(path: path)
        #expect(try reader.next() == .timer(Timestamp(nanoseconds: 1)))
        #expect(throws: BacktestError.malformedRecord(path: path, record: 2, reason: "expected '\"'")) { try reader.next() }
    }

    @Test func fileWithoutAHeaderIsRefused() throws {
        let path = RecordingFixtures.temporaryPath("noheader.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(#"{"kind":"timer","time":1}"#.utf8 + [10]).write(to: URL(fileURLWithPath: path))
        #expect {
            try JSONLinesRecordingReader(path: path)
        } throws: { error in
            if case .badHeader = error as? BacktestError { true } else { false }
        }
    }

    @Test func conversionToBinaryAndBackGivesTheSameBytes() throws {
        let jsonl = RecordingFixtures.temporaryPath("a.jsonl")
        let binary = RecordingFixtures.temporaryPath("b.twrb")
        let back = RecordingFixtures.temporaryPath("c.jsonl")
        let again = RecordingFixtures.temporaryPath("d.twrb")
        defer { for path in [jsonl, binary, back, again] { try? FileManager.default.removeItem(atPath: path) } }
        try RecordingFixtures.write(RecordingFixtures.events(count: 400, seed: 4), to: jsonl, format: .jsonLines)
        #expect(try RecordingConverter.convert(jsonl, to: binary, format: .binary).isEmpty)
        try RecordingConverter.convert(binary, to: back, format: .jsonLines)
        try RecordingConverter.convert(back, to: again, format: .binary)
        #expect(try RecordingFormat.detect(path: binary) == .binary)
        #expect(try RecordingFixtures.bytes(back) == RecordingFixtures.bytes(jsonl))
        #expect(try RecordingFixtures.bytes(again) == RecordingFixtures.bytes(binary))
    }

    /// A side a binary book repeats byte for byte from the last one is that book's array itself
    /// (what a backtest keys the side it shows our orders in on), with the same entries, over a
    /// refused book and a change of symbol; a side that failed its checks is never repeated.
    @Test func aBinaryBookSideRepeatedIsTheLastOnesArray() throws {
        let path = RecordingFixtures.temporaryPath("repeats.twrb")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let best: [(Int64, Int64)] = [(5000, 5), (4990, 7)]
        let worse: [(Int64, Int64)] = [(4990, 1), (5000, 1)]
        let (ask, other): ([(Int64, Int64)], [(Int64, Int64)]) = ([(5010, 4)], [(5011, 3)])
        let books = [
            RecordingFixtures.book(sequence: 1, time: 1_000_000, bids: best, asks: ask),
            RecordingFixtures.book(sequence: 2, time: 2_000_000, bids: best, asks: other),
            RecordingFixtures.book(sequence: 3, time: 3_000_000, bids: worse, asks: other),
            RecordingFixtures.book(sequence: 4, time: 4_000_000, bids: best, asks: other, symbol: "BARFOO"),
            RecordingFixtures.book(sequence: 5, time: 5_000_000, bids: worse, asks: other),
        ]
        try RecordingFixtures.write(books.map(RecordedEvent.book), to: path, format: .binary)
        let reader = try BinaryRecordingReader(path: path)
        var read: [BookSnapshot?] = []
        for _ in books {
            do throws(BacktestError) {
                guard case .book(let book)? = try reader.next() else { throw BacktestError.engine(reason: "not a book") }
                read.append(book)
            } catch {
                guard case .malformedRecord = error else { throw error }
                read.append(nil)
            }
        }
        #expect(try reader.next() == nil)
        #expect(read.map { $0 == nil } == [false, false, true, false, true])
        for (index, book) in read.enumerated() where book != nil { #expect(book == books[index]) }
        // An unchanged side comes back as the same storage, not a copy.
        let (first, second, fourth) = (try #require(read[0]), try #require(read[1]), try #require(read[3]))
        #expect(second.bids.sharesStorage(with: first.bids))
        #expect(!second.asks.sharesStorage(with: first.asks))
        #expect(fourth.bids.sharesStorage(with: first.bids))
        #expect(fourth.asks.sharesStorage(with: second.asks))
    }

    @Test(arguments: [1, 7, 64, 1000])
    func recordsSpanningReadBoundariesAreReadWhole(bufferSize: Int) throws {
        let jsonl = RecordingFixtures.temporaryPath("small.jsonl")
        let binary = RecordingFixtures.temporaryPath("small.twrb")
        let compact = RecordingFixtures.temporaryPath("small.twrc")
        defer { for path in [jsonl, binary, compact] { try? FileManager.default.removeItem(atPath: path) } }
        let events = RecordingFixtures.events(count: 40, seed: 5)
        try RecordingFixtures.write(events, to: jsonl, format: .jsonLines)
        try RecordingFixtures.write(events, to: binary, format: .binary)
        try RecordingFixtures.write(events, to: compact, format: .compact)
        #expect(try JSONLinesRecordingReader(path: jsonl, bufferSize: bufferSize).readAll() == events)
        #expect(try BinaryRecordingReader(path: binary, bufferSize: bufferSize).readAll() == events)
        #expect(try CompactRecordingReader(path: compact, bufferSize: bufferSize).readAll() == events)
    }

    @Test(arguments: RecordingFormat.allCases)
    func aRecordingIsReadFromAPipe(format: RecordingFormat) throws {
        let file = RecordingFixtures.temporaryPath("piped")
        let fifo = RecordingFixtures.temporaryPath("fifo")
        defer { for path in [file, fifo] { try? FileManager.default.removeItem(atPath: path) } }
        let events = RecordingFixtures.events(count: 20, seed: 8)
        let writer = try RecordingFixtures.pipe(events, format: format, through: file, at: fifo)
        let reader = try RecordingFormat.open(path: fifo)
        close(writer)
        #expect(try reader.readAll() == events)
        #expect(reader.warnings.isEmpty)
    }

    @Test func blankLinesBetweenRecordsAreSkipped() throws {
        let path = RecordingFixtures.temporaryPath("blank.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = try String(decoding: JSONEncoder().encode(RecordingFixtures.header), as: UTF8.self)
        try Data((header + "\n\n" + #"{"kind":"timer","time":1}"# + "\n  \n").utf8).write(to: URL(fileURLWithPath: path))
        let reader = try JSONLinesRecordingReader(path: path)
        #expect(try reader.readAll() == [.timer(Timestamp(nanoseconds: 1))])
        #expect(reader.warnings.isEmpty)
    }

    @Test func recordsLongerThanTheReadBufferAreRead() throws {
        let path = RecordingFixtures.temporaryPath("long.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bids: [(Int64, Int64)] = (0..<400_000).map { (index: Int) -> (Int64, Int64) in
            (Int64(100_000 - index / 4), Int64(1 + index % 9))
        }
        let events: [RecordedEvent] = [
            .book(RecordingFixtures.book(sequence: 1, time: 1, bids: bids, asks: [])),
            .book(RecordingFixtures.book(sequence: 2, time: 2, bids: [], asks: [(5, 5)])),
        ]
        try RecordingFixtures.write(events, to: path, format: .jsonLines)
        #expect(try JSONLinesRecordingReader(path: path).readAll() == events)
    }

    /// Reads one record line through the JSON Lines reader.
    private func readSingle(_ line: String) throws -> RecordedEvent? {
        let path = RecordingFixtures.temporaryPath("single.jsonl")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = try String(decoding: JSONEncoder().encode(RecordingFixtures.header), as: UTF8.self)
        try Data((header + "\n" + line + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return try JSONLinesRecordingReader(path: path).next()
    }
}
