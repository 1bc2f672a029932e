import Brokerage
import HTTP
import StrategyKit
import Synchronization
import Wire

/// One connection of StockFighter's push stream (`StockFighterBroker.openStream`): the venue's
/// tickertape and the account's executions, two WebSocket connections reported as one.
///
/// The venue-wide tickertape, filtered to the daemon's symbols, rather than one connection per
/// stock: one connection whatever the number of symbols, and one fewer way for half the stream
/// to die unseen. Both clients' threads hand their messages on through one `StreamDelivery`, so
/// the events come one at a time and `closed`, once, when either connection ends (the other is
/// then closed too) comes last. While both are open it says `alive` every `aliveInterval`: the feeds
/// are silent on a quiet market, and the connections' own keep-alive
/// (`StockFighterStreamEndpoint.configuration`) ends one that stops answering its pings.
final class StockFighterStream: BrokerStream {
    static let aliveInterval: Duration = .seconds(5)

    private let closers = Mutex<[@Sendable () -> Void]>([])
    private let venue: Venue
    private let symbols: Set<Symbol>
    private let delivery: StreamDelivery

    /// Opens both connections (off the caller's thread); throws when either cannot be opened
    /// (the other closed again).
    init(
        endpoint: StockFighterStreamEndpoint, account: Account, venue: Venue, symbols: [Symbol],
        onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void
    ) async throws(WebSocketClientError) {
        self.venue = venue
        self.symbols = Set(symbols)
        delivery = StreamDelivery(onEvent)
        for feed in [StockFighterStreamEndpoint.Feed.tickertape, .executions] {
            do {
                let close = try await endpoint.open(feed, account: account, venue: venue) { [weak self] event in self?.receive(event, feed: feed) }
                closers.withLock { $0.append(close) }
                if delivery.hasEnded { close() }
            } catch {
                close()
                throw error
            }
        }
        Task { [weak self] in
            while true {
                try? await Task.sleep(for: Self.aliveInterval)
                guard let self, !self.delivery.deliver(.alive) else { return }
            }
        }
    }

    func close() {
        for close in closers.withLock({ $0 }) { close() }
    }

    private func receive(_ event: StockFighterStreamEndpoint.FeedEvent, feed: StockFighterStreamEndpoint.Feed) {
        switch event {
        case .message(let bytes):
            let events: [BrokerStreamEvent]
            do throws(JSONReadError) {
                events = try decode(bytes, feed: feed, receivedAt: WallClock.now())
            } catch {
                events = [.alive]
            }
            for event in events { delivery.deliver(event) }
        case .closed(let reason):
            delivery.deliver(.closed(reason: reason))
            close()
        }
    }

    /// A message of `feed` as the stream's events: an execution's order; a quote's top of book
    /// and last trade (the runner's filter drops a repeated one). A quote of a symbol the daemon
    /// does not trade, or a message that is neither, keeps the connection alive and nothing more.
    private func decode(
        _ bytes: [UInt8], feed: StockFighterStreamEndpoint.Feed, receivedAt: Timestamp
    ) throws(JSONReadError) -> [BrokerStreamEvent] {
        if feed == .executions { return [.order(try StockFighterStreamMessage.execution(bytes))] }
        let tick = try StockFighterStreamMessage.tickertape(bytes, venue: venue, receivedAt: receivedAt)
        guard symbols.isEmpty || symbols.contains(tick.book.symbol) else { return [.alive] }
        return [.book(tick.book)] + (tick.lastTrade.map { [.trade($0)] } ?? [])
    }
}
