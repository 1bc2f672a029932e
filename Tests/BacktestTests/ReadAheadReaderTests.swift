import Dispatch
import Foundation
@testable import Recording
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct ReadAheadReaderTests {
    static let shapes = [(batchSize: 1, capacity: 1), (batchSize: 7, capacity: 2), (batchSize: 256, capacity: 2)]

    /// What a plain reader returns for `path`: the records, then the end (warnings, or an error).
    func plainRead(_ path: String) throws -> (events: [RecordedEvent], warnings: [RecordingWarning], error: BacktestError?) {
        let reader = try RecordingFormat.open(path: path)
        var events: [RecordedEvent] = []
        do {
            while let event = try reader.next() { events.append(event) }
        } catch {
            return (events, reader.warnings, error)
        }
        return (events, reader.warnings, nil)
    }

    /// The same, read ahead `batchSize` records at a time.
    func readAhead(_ path: String, batchSize: Int, capacity: Int) throws
        -> (events: [RecordedEvent], warnings: [RecordingWarning], error: BacktestError?, reader: ReadAheadReader)
    {
        let reader = ReadAheadReader(reading: try RecordingFormat.open(path: path), batchSize: batchSize, capacity: capacity)
        var events: [RecordedEvent] = []
        do {
            while let event = try reader.next() { events.append(event) }
        } catch {
            return (events, reader.warnings, error, reader)
        }
        return (events, reader.warnings, nil, reader)
    }

    @Test(arguments: RecordingFormat.allCases)
    func returnsWhatThePlainReaderReturns(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("ahead")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFixtures.write(RecordingFixtures.events(count: 600, seed: 5), to: path, format: format)
        let plain = try plainRead(path)
        #expect(plain.events == RecordingFixtures.events(count: 600, seed: 5))
        for shape in Self.shapes {
            let ahead = try readAhead(path, batchSize: shape.batchSize, capacity: shape.capacity)
            #expect(ahead.events == plain.events, "\(shape)")
            #expect(ahead.error == nil && ahead.warnings.isEmpty)
            #expect(ahead.reader.header == RecordingFixtures.header(in: format))
            #expect(ahead.reader.progress.consumed == ahead.reader.progress.total)
            #expect(ahead.reader.progress.total == (try RecordingFixtures.bytes(path).count))
            #expect(try ahead.reader.next() == nil)
        }
    }

    @Test(arguments: RecordingFormat.allCases)
    func aTruncatedRecordingEndsWithTheSameWarning(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("ahead-truncated")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFixtures.write(RecordingFixtures.events(count: 40, seed: 6), to: path, format: format)
        try Data(try RecordingFixtures.bytes(path).dropLast(5)).write(to: URL(fileURLWithPath: path))
        let plain = try plainRead(path)
        #expect(plain.warnings.count == 1)
        for shape in Self.shapes {
            let ahead = try readAhead(path, batchSize: shape.batchSize, capacity: shape.capacity)
            #expect(ahead.events == plain.events, "\(shape)")
            #expect(ahead.warnings == plain.warnings)
            #expect(ahead.error == nil)
        }
    }

    @Test(arguments: RecordingFormat.allCases)
    func aMalformedRecordComesAfterTheRecordsBeforeItAndStays(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("ahead-malformed")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let good = (1...20).map { index in
            RecordedEvent.book(RecordingFixtures.book(sequence: UInt64(index), time: Int64(index), bids: [(5000, 1)], asks: [(5010, 1)]))
        }
        let unsorted = RecordingFixtures.book(sequence: 21, time: 21, bids: [(4990, 1), (5000, 1)], asks: [])
        try RecordingFixtures.write(good + [.book(unsorted)] + good, to: path, format: format)
        let plain = try plainRead(path)
        #expect(plain.events == good)
        #expect(plain.error == .malformedRecord(path: path, record: 21, reason: BestFirstCheck.refusal))
        for shape in Self.shapes {
            let ahead = try readAhead(path, batchSize: shape.batchSize, capacity: shape.capacity)
            #expect(ahead.events == plain.events, "\(shape)")
            #expect(ahead.error == plain.error)
            #expect(throws: plain.error!) { try ahead.reader.next() }
        }
    }

    @Test func theReadingThreadEndsWhenTheReaderIsReleasedMidway() throws {
        let path = RecordingFixtures.temporaryPath("ahead-released.twrb")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFixtures.write(RecordingFixtures.events(count: 2_000, seed: 7), to: path, format: .binary)
        var reader: ReadAheadReader? = ReadAheadReader(reading: try RecordingFormat.open(path: path), batchSize: 1, capacity: 1)
        let stopped = try #require(reader).readingStopped
        #expect(try reader?.next() != nil)
        // Full queue: the thread waits to hand over its next record until the reader goes.
        #expect(stopped.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
        reader = nil
        #expect(stopped.wait(timeout: .now() + .seconds(10)) == .success)
    }

    @Test func aReaderReleasedBeforeReadingEndsItsThread() throws {
        let path = RecordingFixtures.temporaryPath("ahead-unread.twrb")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try RecordingFixtures.write(RecordingFixtures.events(count: 50, seed: 9), to: path, format: .binary)
        let stopped = ReadAheadReader(reading: try RecordingFormat.open(path: path), batchSize: 1, capacity: 1).readingStopped
        #expect(stopped.wait(timeout: .now() + .seconds(10)) == .success)
    }

    /// From a pipe the reading thread waits in `read` for more; released then, it ends once the
    /// read returns (here when the writer closes).
    @Test func aPipeIsReadAheadAndItsThreadEndsAfterTheReadItWaitsIn() throws {
        let file = RecordingFixtures.temporaryPath("ahead-piped")
        let fifo = RecordingFixtures.temporaryPath("ahead-fifo")
        defer { for path in [file, fifo] { try? FileManager.default.removeItem(atPath: path) } }
        let events = RecordingFixtures.events(count: 20, seed: 10)
        let writer = try RecordingFixtures.pipe(events, format: .binary, through: file, at: fifo)
        var reader: ReadAheadReader? = ReadAheadReader(reading: try RecordingFormat.open(path: fifo), batchSize: 1, capacity: 64)
        let stopped = try #require(reader).readingStopped
        var read: [RecordedEvent] = []
        for _ in events.indices { read.append(try #require(try reader?.next())) }
        #expect(read == events)
        reader = nil
        #expect(stopped.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
        close(writer)
        #expect(stopped.wait(timeout: .now() + .seconds(10)) == .success)
    }

    /// Asked to, every form of recording is read ahead; unasked, none is.
    @Test(arguments: RecordingFormat.allCases)
    func openingReadingAheadReadsAheadEveryForm(format: RecordingFormat) throws {
        let path = RecordingFixtures.temporaryPath("ahead-open-\(format.rawValue)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let events = RecordingFixtures.events(count: 30, seed: 8)
        try RecordingFixtures.write(events, to: path, format: format)
        let reader = try RecordingFormat.open(path: path, readingAhead: true)
        #expect(reader is ReadAheadReader)
        #expect(try reader.readAll() == events)
        #expect(try !(RecordingFormat.open(path: path) is ReadAheadReader))
    }
}
