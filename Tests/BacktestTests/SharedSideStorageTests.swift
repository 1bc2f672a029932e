@testable import Backtest
@testable import Recording
import Foundation
import StrategyKit
import Testing

/// The storage-sharing contract of the readers: a side written the same as the last side of
/// its kind comes back as that side's very storage, not a copy, in every form and reading ahead
/// or not: an unchanged side costs neither a copy nor an allocation. A reader that copied such a
/// side would still give equal books, so only this test would see the gain lost.
@Suite(.timeLimit(.minutes(10))) struct SharedSideStorageTests {
    /// More books than a reader reading ahead holds (`ReadAheadReader.booksInFlight`), so that
    /// every recycling pool comes round to a side still shared at least once.
    static let bookCount = 3 * ReadAheadReader.booksInFlight(batchSize: 256, capacity: 2)

    /// Bids that change every 40th book, asks that change on every book.
    static func books() -> [BookSnapshot] {
        (0..<bookCount).map { index in
            let bidStep = Int64(index / 40)
            return RecordingFixtures.book(
                sequence: UInt64(index + 1), time: Int64(index + 1) * 1_000_000,
                bids: [(5000 - bidStep % 7, 10 + bidStep), (4990 - bidStep % 7, 20)],
                asks: [(5010, Int64(index % 13) + 1), (5020, 30)])
        }
    }

    @Test(arguments: RecordingFormat.allCases, [false, true])
    func aSideWrittenAsTheLastOneIsItsStorage(format: RecordingFormat, readingAhead: Bool) throws {
        let path = RecordingFixtures.temporaryPath("shared.\(format)")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let books = Self.books()
        try RecordingFixtures.write(books.map(RecordedEvent.book), to: path, format: format)
        let reader = try RecordingFormat.open(path: path, readingAhead: readingAhead)
        // Only the previous book is kept, as a backtest keeps the latest.
        var previous: BookSnapshot?
        var (shared, copied) = (0, 0)
        for book in books {
            let read = try #require(try reader.nextBook())
            #expect(read == book)
            if let previous, read.bids == previous.bids {
                if read.bids.sharesStorage(with: previous.bids) { shared += 1 } else { copied += 1 }
            }
            previous = read
        }
        #expect(try reader.nextBook() == nil)
        #expect(copied == 0, "\(format), reading ahead \(readingAhead): \(copied) unchanged sides copied, \(shared) shared")
        #expect(shared > Self.bookCount / 2)
    }
}
