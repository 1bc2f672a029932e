import Lifecycle
import Recording
import StockFighter
import StrategyKit
import Synchronization
import Wire

/// `tickwork record`'s polling, as a service: fetches one symbol's book every `interval` and
/// appends it to the recording (flushed each time), until cancelled or, with a `duration`, until
/// that has passed. A failed poll is counted and warned about on stderr; a failed write throws.
final class BookPoller: Service, @unchecked Sendable {
    // Unchecked: `writer` is touched only by `run()`, and by the caller once `run()` has returned.
    let client: StockFighterClient
    let venue: Venue
    let symbol: Symbol
    let writer: RecordingWriter
    let interval: Duration
    let duration: Duration?
    private let tally = Mutex((books: 0, failures: 0))

    init(client: StockFighterClient, venue: Venue, symbol: Symbol, writer: RecordingWriter, interval: Duration, duration: Duration?) {
        self.client = client
        self.venue = venue
        self.symbol = symbol
        self.writer = writer
        self.interval = interval
        self.duration = duration
    }

    /// The books recorded and the polls that failed so far.
    var counts: (books: Int, failures: Int) { tally.withLock { $0 } }

    func run() async throws {
        let clock = ContinuousClock()
        let deadline = duration.map { clock.now + $0 }
        repeat {
            do {
                var book = try await client.orderBook(venue: venue, symbol: symbol)
                book.receivedTime = WallClock.now()
                try writer.append(.book(book))
                try writer.flush()
                tally.withLock { $0.books += 1 }
            } catch let error as BacktestError {
                throw error
            } catch {
                tally.withLock { $0.failures += 1 }
                Console.err("tickwork: warning: \(venue) \(symbol) book: \(error)")
            }
            var wake = clock.now + interval
            if let deadline { wake = min(wake, deadline) }
            // Cancelled (SIGINT or SIGTERM): the recording ends here.
            guard (try? await clock.sleep(until: wake)) != nil else { return }
        } while deadline.map { clock.now < $0 } ?? true
    }
}
