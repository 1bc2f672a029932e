import Brokerage
import Lifecycle
import Recording
import StrategyKit
import Synchronization
import Wire

/// `tickwork record --stream`, as a service: follows the venue's push stream through the
/// broker (`Broker.openStream`, so any broker that streams) and appends what it delivers to the
/// recording, as `BookPoller` appends what it polls: each book with the venue's time and the
/// time it was received, numbered per symbol, left out when no newer than the last of its
/// symbol; each trade once, and only one that happened after recording began. A lost stream is
/// a line on stderr and a reconnection after a back-off (`StreamReconnection`): a gap in the
/// recording, never invented data. Runs until cancelled or, with a `duration`, until it has passed.
final class StreamRecorder: Service, @unchecked Sendable {
    // Unchecked: `writer` and the per-symbol state are touched only by `run()`'s task (the
    // stream's events reach it through an AsyncStream), and `writer` by the caller after.
    let broker: any Broker
    let venue: Venue
    let symbols: [Symbol]
    let writer: RecordingWriter
    let duration: Duration?
    private let tally = Mutex((books: 0, trades: 0, reconnections: 0))
    private var lastBookTimes: [Symbol: Timestamp] = [:]
    private var lastSequences: [Symbol: UInt64] = [:]
    private var lastTrades: [Symbol: Trade] = [:]
    private var startTime = Timestamp.zero

    init(broker: any Broker, venue: Venue, symbols: [Symbol], writer: RecordingWriter, duration: Duration?) {
        self.broker = broker
        self.venue = venue
        self.symbols = symbols
        self.writer = writer
        self.duration = duration
    }

    /// The books and trades recorded so far.
    var counts: (books: Int, trades: Int) { tally.withLock { ($0.books, $0.trades) } }

    func run() async throws {
        startTime = WallClock.now()
        guard let duration else { return try await follow() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.follow() }
            group.addTask { try? await Task.sleep(for: duration) }
            try await group.next()
            group.cancelAll()
        }
    }

    private func follow() async throws {
        let broker = broker, venue = venue, symbols = symbols
        try await StreamReconnection.follow(broker, venue: venue, symbols: symbols) { event in try self.record(event) }
    }

    private func record(_ event: BrokerStreamEvent) throws {
        switch event {
        case .book(let book):
            guard symbols.contains(book.symbol) else { return }
            if let last = lastBookTimes[book.symbol], book.exchangeTime <= last { return }
            lastBookTimes[book.symbol] = book.exchangeTime
            var received = book
            // The receiver's count, as RECORDINGS.md has it (the venues number no books).
            received.sequence = (lastSequences[book.symbol] ?? 0) + 1
            lastSequences[book.symbol] = received.sequence
            try writer.append(.book(received))
            try writer.flush()
            tally.withLock { $0.books += 1 }
        case .trade(let trade):
            guard symbols.contains(trade.symbol), trade.time >= startTime, lastTrades[trade.symbol] != trade else { return }
            lastTrades[trade.symbol] = trade
            try writer.append(.trade(RecordedTrade(trade, receivedTime: WallClock.now())))
            try writer.flush()
            tally.withLock { $0.trades += 1 }
        case .order, .alive, .closed:
            return
        }
    }
}
