import Brokerage
import StrategyKit
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork watch --stream`'s feed: follows the broker's push stream (`Broker.openStream`)
/// for the watched symbols in a task of its own, keeps each symbol's latest trade, and writes
/// `wakeByte` to the live view's wake pipe so it redraws at once. A lost stream is a line on
/// stderr and a reconnection with the shared back-off (`StreamReconnection`); books are not
/// kept, the table having no bid or ask column.
///
/// One byte wakes the view for every trade until it `take`s them, so a burst the view has not
/// yet read cannot fill the pipe and block the stream's task in `write`; and no byte is written
/// once `stop` has returned, so the view may close the pipe then.
final class WatchStream: Sendable {
    /// The byte on the wake pipe that means "new trades": no signal has number 0.
    static let wakeByte: UInt8 = 0

    private struct State {
        /// Each symbol's latest trade since the last `take`.
        var trades: [Symbol: Trade] = [:]
        /// The wake pipe's write end while started.
        var wake: Int32?
        var task: Task<Void, Never>?
    }

    let broker: any Broker
    let venue: Venue
    let symbols: [Symbol]
    private let state = Mutex(State())

    /// A feed of `broker`'s stream of `symbols` on `venue`, not yet started.
    init(broker: any Broker, venue: Venue, symbols: [Symbol]) {
        self.broker = broker
        self.venue = venue
        self.symbols = symbols
    }

    /// Starts following the stream, waking the view through `wake`.
    func start(wake: Int32) {
        let broker = broker, venue = venue, symbols = symbols
        let started = Task {
            do {
                try await StreamReconnection.follow(broker, venue: venue, symbols: symbols) { event in
                    guard case .trade(let trade) = event, symbols.contains(trade.symbol) else { return }
                    self.keep(trade)
                }
            } catch {
                Console.err("tickwork: watch: \(venue) stream: \(error)")
            }
        }
        state.withLock { state in
            state.wake = wake
            state.task = started
        }
    }

    /// Keeps `trade` unless a later one of its symbol is kept, and wakes the view if it had
    /// nothing to take.
    private func keep(_ trade: Trade) {
        state.withLock { state in
            if let last = state.trades[trade.symbol], last.time > trade.time { return }
            let waking = state.trades.isEmpty
            state.trades[trade.symbol] = trade
            guard waking, let wake = state.wake else { return }
            var byte = Self.wakeByte
            _ = write(wake, &byte, 1)
        }
    }

    /// The trades received since the last call, the latest of each symbol.
    func take() -> [Symbol: Trade] {
        state.withLock { state in
            defer { state.trades = [:] }
            return state.trades
        }
    }

    /// Ends the stream; no byte is written to the wake pipe after this returns.
    func stop() {
        state.withLock { state in
            state.wake = nil
            state.task?.cancel()
        }
    }
}
