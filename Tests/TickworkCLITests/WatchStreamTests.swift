import Brokerage
import Glibc
import StrategyKit
import Synchronization
import Testing
@testable import TickworkCLI

/// `watch --stream`'s feed wakes the view once for all the trades it has not yet taken: a burst
/// the view has not read leaves one byte on the wake pipe, not one a trade, so the pipe cannot
/// fill and block the stream's task in `write`.
@Suite(.timeLimit(.minutes(10))) struct WatchStreamTests {
    /// A broker that only streams: its first connection delivers `burst` trades of FOOBAR and
    /// ends; later ones are counted and stay quiet.
    final class BurstBroker: Broker {
        final class Quiet: BrokerStream {
            func close() {}
        }

        let burst: Int
        let opens = Mutex(0)

        init(burst: Int) { self.burst = burst }

        var account: Account { Account("WATCH1") }
        var capabilities: VenueCapabilities { .plainOrders }

        func openStream(
            venue: Venue, symbols: [Symbol], onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void
        ) async throws(BrokerError) -> (any BrokerStream)? {
            let first = opens.withLock { count in
                count += 1
                return count == 1
            }
            if first {
                for second in 1...burst {
                    onEvent(.trade(Trade(symbol: Symbol("FOOBAR"), price: Price(cents: 5_000 + Int64(second)), qty: Quantity(shares: 1),
                                         time: Timestamp(nanoseconds: Int64(second) * 1_000_000_000))))
                }
                onEvent(.closed(reason: "the burst is over"))
            }
            return Quiet()
        }

        private static let absent = BrokerError.notActedOn("this broker only streams")
        func book(venue: Venue, symbol: Symbol) async throws(BrokerError) -> BookSnapshot { throw Self.absent }
        func lastTrade(venue: Venue, symbol: Symbol) async throws(BrokerError) -> Trade? { throw Self.absent }
        func session(venue: Venue) async throws(BrokerError) -> MarketSession { throw Self.absent }
        func place(_ order: OrderRequest, venue: Venue) async throws(BrokerError) -> OrderStatus { throw Self.absent }
        func placeGroup(_ group: OrderGroup, venue: Venue) async throws(BrokerError) -> [OrderStatus] { throw Self.absent }
        func replace(venue: Venue, symbol: Symbol, id: OrderID, price: Price?, qty: Quantity?) async throws(BrokerError) -> OrderStatus {
            throw Self.absent
        }
        func cancel(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus { throw Self.absent }
        func status(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus { throw Self.absent }
        func orders(venue: Venue) async throws(BrokerError) -> [OrderStatus] { throw Self.absent }
        func positions(venue: Venue) async throws(BrokerError) -> [Symbol: Quantity]? { throw Self.absent }
    }

    @Test func aBurstTheViewHasNotReadWakesItOnce() async throws {
        let broker = BurstBroker(burst: 100)
        let feed = WatchStream(broker: broker, venue: Venue("TESTEX"), symbols: [Symbol("FOOBAR")])
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]); close(pipeEnds[1]) }
        feed.start(wake: pipeEnds[1])
        // The second connection is opened only after the first one's trades and end were handled.
        for _ in 0..<1_000 where broker.opens.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(10)) }
        feed.stop()
        try #require(broker.opens.withLock { $0 } >= 2)
        var waiting: Int32 = 0
        _ = ioctl(pipeEnds[0], UInt(FIONREAD), &waiting)
        #expect(waiting == 1)
        let taken = feed.take()
        #expect(taken[Symbol("FOOBAR")]?.price == Price(cents: 5_100))
        #expect(feed.take().isEmpty)
    }
}
