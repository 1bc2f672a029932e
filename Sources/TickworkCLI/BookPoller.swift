import Brokerage
import Lifecycle
import Recording
import StrategyKit
import Synchronization
import Wire

/// `tickwork record`'s polling, as a service: every `interval`, fetches each symbol's book and
/// last trade from the venue's broker and appends them to the recording (flushed each round),
/// until cancelled or, with a `duration`, until that has passed. A book no newer (by the venue's
/// time) than the last one recorded of its symbol is left out, as a backtest's engine would drop
/// it (an Alpaca quote that has not changed); a trade is recorded once, when the last trade
/// changes (the one already last when recording starts happened before it). A failed request is
/// counted and warned about on stderr; a failed write throws.
final class BookPoller: Service, @unchecked Sendable {
    // Unchecked: `writer`, `lastBookTimes` and `lastTrades` are touched only by `run()`, and
    // `writer` by the caller once `run()` has returned.
    let broker: any Broker
    let venue: Venue
    let symbols: [Symbol]
    let writer: RecordingWriter
    let interval: Duration
    let duration: Duration?
    private let tally = Mutex((books: 0, trades: 0, failures: 0))
    private var lastBookTimes: [Symbol: Timestamp] = [:]
    private var lastSequences: [Symbol: UInt64] = [:]
    /// Each symbol's last trade as last seen; nil before its first poll.
    private var lastTrades: [Symbol: Trade?] = [:]

    init(broker: any Broker, venue: Venue, symbols: [Symbol], writer: RecordingWriter, interval: Duration, duration: Duration?) {
        self.broker = broker
        self.venue = venue
        self.symbols = symbols
        self.writer = writer
        self.interval = interval
        self.duration = duration
    }

    /// The books and trades recorded and the requests that failed so far.
    var counts: (books: Int, trades: Int, failures: Int) { tally.withLock { $0 } }

    func run() async throws {
        let clock = ContinuousClock()
        let deadline = duration.map { clock.now + $0 }
        repeat {
            for symbol in symbols {
                try await recordBook(of: symbol)
                try await recordTrade(of: symbol)
            }
            try writer.flush()
            var wake = clock.now + interval
            if let deadline { wake = min(wake, deadline) }
            // Cancelled (SIGINT or SIGTERM): the recording ends here.
            guard (try? await clock.sleep(until: wake)) != nil else { return }
        } while deadline.map { clock.now < $0 } ?? true
    }

    private func recordBook(of symbol: Symbol) async throws(BacktestError) {
        let book: BookSnapshot
        do {
            book = try await broker.book(venue: venue, symbol: symbol)
        } catch {
            failed("\(symbol) book", error)
            return
        }
        if let last = lastBookTimes[symbol], book.exchangeTime <= last { return }
        lastBookTimes[symbol] = book.exchangeTime
        var received = book
        received.receivedTime = WallClock.now()
        // The receiver's count, as RECORDINGS.md has it (the venues number no books).
        received.sequence = (lastSequences[symbol] ?? 0) + 1
        lastSequences[symbol] = received.sequence
        try writer.append(.book(received))
        tally.withLock { $0.books += 1 }
    }

    private func recordTrade(of symbol: Symbol) async throws(BacktestError) {
        let trade: Trade?
        do {
            trade = try await broker.lastTrade(venue: venue, symbol: symbol)
        } catch {
            failed("\(symbol) last trade", error)
            return
        }
        let seen = lastTrades[symbol]
        lastTrades[symbol] = trade
        guard let trade, let seen, seen != trade else { return }
        try writer.append(.trade(RecordedTrade(trade, receivedTime: WallClock.now())))
        tally.withLock { $0.trades += 1 }
    }

    private func failed(_ what: String, _ error: BrokerError) {
        tally.withLock { $0.failures += 1 }
        Console.err("tickwork: warning: \(venue) \(what): \(error)")
    }
}
