import Brokerage
import StrategyKit
import Synchronization

/// `FakeBroker` with a push stream: every `openStream` opens a `FakeStream` the test drives (or
/// fails while `refuseOpens` is above 0), and counts.
final class FakeStreamingBroker: Broker {
    /// One connection: the test sends events through it; `close` delivers `closed` once.
    final class FakeStream: BrokerStream {
        private let onEvent: @Sendable (BrokerStreamEvent) -> Void
        private let isClosed = Mutex(false)

        init(onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void) {
            self.onEvent = onEvent
        }

        /// Delivers `event` unless the stream is closed (`closed` closes it).
        func send(_ event: BrokerStreamEvent) {
            let deliver = isClosed.withLock { closed -> Bool in
                if closed { return false }
                if case .closed = event { closed = true }
                return true
            }
            if deliver { onEvent(event) }
        }

        func close() { send(.closed(reason: "closed by the runner")) }

        var closed: Bool { isClosed.withLock { $0 } }
    }

    let inner: FakeBroker
    private let streams = Mutex<[FakeStream]>([])
    private let refusals = Mutex(0)

    init(_ inner: FakeBroker) {
        self.inner = inner
    }

    /// The streams opened so far, oldest first.
    var opened: [FakeStream] { streams.withLock { $0 } }

    /// Has the next `count` opens fail.
    func refuseOpens(_ count: Int) { refusals.withLock { $0 = count } }

    var account: Account { inner.account }
    var capabilities: VenueCapabilities { inner.capabilities }

    func openStream(
        venue: Venue, symbols: [Symbol], onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void
    ) async throws(BrokerError) -> (any BrokerStream)? {
        let refused = refusals.withLock { count in
            defer { count = max(count - 1, 0) }
            return count > 0
        }
        if refused { throw .notActedOn("stream: connection refused") }
        let stream = FakeStream(onEvent: onEvent)
        streams.withLock { $0.append(stream) }
        return stream
    }

    func book(venue: Venue, symbol: Symbol) async throws(BrokerError) -> BookSnapshot { try await inner.book(venue: venue, symbol: symbol) }
    func lastTrade(venue: Venue, symbol: Symbol) async throws(BrokerError) -> Trade? { try await inner.lastTrade(venue: venue, symbol: symbol) }
    func session(venue: Venue) async throws(BrokerError) -> MarketSession { try await inner.session(venue: venue) }
    func place(_ order: OrderRequest, venue: Venue) async throws(BrokerError) -> OrderStatus { try await inner.place(order, venue: venue) }
    func placeGroup(_ group: OrderGroup, venue: Venue) async throws(BrokerError) -> [OrderStatus] { try await inner.placeGroup(group, venue: venue) }
    func replace(venue: Venue, symbol: Symbol, id: OrderID, price: Price?, qty: Quantity?) async throws(BrokerError) -> OrderStatus {
        try await inner.replace(venue: venue, symbol: symbol, id: id, price: price, qty: qty)
    }
    func cancel(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus { try await inner.cancel(venue: venue, symbol: symbol, id: id) }
    func status(venue: Venue, symbol: Symbol, id: OrderID) async throws(BrokerError) -> OrderStatus { try await inner.status(venue: venue, symbol: symbol, id: id) }
    func orders(venue: Venue) async throws(BrokerError) -> [OrderStatus] { try await inner.orders(venue: venue) }
    func positions(venue: Venue) async throws(BrokerError) -> [Symbol: Quantity]? { try await inner.positions(venue: venue) }
}
