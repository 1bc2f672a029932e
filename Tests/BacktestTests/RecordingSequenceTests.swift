import Foundation
import Recording
import StrategyKit
import Testing

/// Several recordings read as one: records in file order, the symbols of all, one venue and kind.
@Suite(.timeLimit(.minutes(10))) struct RecordingSequenceTests {
    @Test(arguments: RecordingFormat.allCases) func readsEveryFileInOrderWithTheSymbolsOfAll(format: RecordingFormat) throws {
        let first = RecordingFixtures.temporaryPath("first")
        let second = RecordingFixtures.temporaryPath("second")
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        let firstEvents = RecordingFixtures.events(count: 20, seed: 1)
        let secondEvents = [RecordedEvent.book(RecordingFixtures.book(
            sequence: 1, time: 1_800_000_000_000_000_000, bids: [(4_000, 5)], asks: [(4_001, 5)], symbol: "BARBAZ"))]
        try RecordingFixtures.write(firstEvents, to: first, format: format)
        let writer = try RecordingWriter(
            path: second, header: RecordingHeader(venue: "TESTEX", symbols: ["BARBAZ", "FOOBAR"], producer: "tests", kind: .session),
            format: .jsonLines)
        for event in secondEvents { try writer.append(event) }
        try writer.close()

        let sequence = try RecordingSequence(paths: [first, second])
        #expect(sequence.header.symbols == ["FOOBAR", "BARBAZ"])
        #expect(try sequence.readAll() == firstEvents + secondEvents)
        let sizes = try [first, second].map { try RecordingFixtures.bytes($0).count }
        #expect(sequence.progress.consumed == sizes.reduce(0, +) && sequence.progress.total == sizes.reduce(0, +))
        #expect(try RecordingSequence(paths: [second, first]).readAll() == secondEvents + firstEvents)
    }

    /// A backtest's loop reads books alone: the books `next()` gives, in order, the other
    /// records passed over, through every form, reading ahead or not, and across files.
    @Test(arguments: RecordingFormat.allCases, [false, true])
    func nextBookGivesTheBooksOfEveryRecordInOrder(format: RecordingFormat, readingAhead: Bool) throws {
        let first = RecordingFixtures.temporaryPath("first")
        let second = RecordingFixtures.temporaryPath("second")
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        let (firstEvents, secondEvents) = (RecordingFixtures.events(count: 30, seed: 3), RecordingFixtures.events(count: 12, seed: 4))
        try RecordingFixtures.write(firstEvents, to: first, format: format)
        try RecordingFixtures.write(secondEvents, to: second, format: format)
        let books = (firstEvents + secondEvents).compactMap { event -> BookSnapshot? in
            guard case .book(let book) = event else { return nil }
            return book
        }
        #expect(books.count == 42 && books.count < firstEvents.count + secondEvents.count)
        for reader in [
            try RecordingSequence(paths: [first, second], readingAhead: readingAhead),
            try RecordingSequence.open(paths: [first], readingAhead: readingAhead),
        ] {
            var read: [BookSnapshot] = []
            while let book = try reader.nextBook() { read.append(book) }
            #expect(read == (reader is RecordingSequence ? books : Array(books.prefix(30))))
            #expect(try reader.nextBook() == nil)
        }
    }

    @Test func refusesARecordingOfAnotherVenueNamingIt() throws {
        let first = RecordingFixtures.temporaryPath("first")
        let other = RecordingFixtures.temporaryPath("other")
        defer { for path in [first, other] { try? FileManager.default.removeItem(atPath: path) } }
        try RecordingFixtures.write(RecordingFixtures.events(count: 3, seed: 2), to: first, format: .binary)
        let writer = try RecordingWriter(
            path: other, header: RecordingHeader(venue: "OTHEREX", symbols: ["FOOBAR"], producer: "tests", kind: .session),
            format: .binary)
        try writer.close()
        #expect(throws: BacktestError.badHeader(path: other, reason: "venue OTHEREX, not TESTEX as in \(first)")) {
            try RecordingSequence(paths: [first, other])
        }
    }
}
