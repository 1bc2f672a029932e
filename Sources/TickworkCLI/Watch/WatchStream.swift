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
final class WatchStream: Sendable {
    /// The byte on the wake pipe that means "new trades": no signal has number 0.
    static let wakeByte: UInt8 = 0

    let broker: any Broker
    let venue: Venue
    let symbols: [Symbol]
    private let trades = Mutex<[Symbol: Trade]>([:])
    private let task = Mutex<Task<Void, Never>?>(nil)

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
                    self.trades.withLock { latest in
                        if let last = latest[trade.symbol], last.time > trade.time { return }
                        latest[trade.symbol] = trade
                    }
                    var byte = Self.wakeByte
                    _ = write(wake, &byte, 1)
                }
            } catch {
                Console.err("tickwork: watch: \(venue) stream: \(error)")
            }
        }
        task.withLock { $0 = started }
    }

    /// The trades received since the last call, the latest of each symbol.
    func take() -> [Symbol: Trade] {
        trades.withLock { latest in
            defer { latest = [:] }
            return latest
        }
    }

    /// Ends the stream.
    func stop() {
        task.withLock { $0?.cancel() }
    }
}
