import StrategyKit
import Synchronization

/// Sends one stream message's bytes to a subscriber; false means the subscriber is gone, and the
/// hub removes it. The closure must not block and must not call back into the exchange: the
/// marketplace calls it while holding its lock, so that every subscriber sees the messages in
/// the order the state changed. A transport only enqueues the bytes (and answers false once its
/// bounded queue has overflowed or its connection has closed).
public typealias StreamSend = @Sendable ([UInt8]) -> Bool

/// The simulated exchange's stream subscribers, of every kind, behind a lock of their own.
///
/// Publishing is cheap when nobody listens: the marketplace asks `isActive` (one atomic load)
/// before it looks at a batch of match events for streams, and encodes a message only for a
/// topic someone subscribed to. Subscribers are called outside the hub's lock (a subscriber may
/// subscribe or end another), in the order they subscribed.
final class StreamHub: Sendable {
    /// What a subscriber listens to.
    enum Topic: Hashable, Sendable {
        /// StockFighter's tickertape of a venue, or of one stock on it.
        case tickertape(Venue, Symbol?)
        /// StockFighter's executions of an account's orders on a venue, or in one stock on it.
        case executions(Account, Venue, Symbol?)
        /// Alpaca's market data: the session's channels say which symbols.
        case alpacaData
        /// Alpaca's `trade_updates` of an account.
        case tradeUpdates(Account)
    }

    private struct Subscriber {
        let topic: Topic
        let send: StreamSend
        let dropped: @Sendable () -> Void
        var channels: AlpacaDataChannels
    }

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())
    private let count = Atomic<Int>(0)

    /// Whether anyone subscribes to anything: false makes publishing free.
    var isActive: Bool { count.load(ordering: .relaxed) > 0 }

    /// The number of subscribers now.
    var subscriberCount: Int { count.load(ordering: .relaxed) }

    /// Adds a subscriber to `topic`, which `dropped` tells when `dropAll()` ends it; returns its id.
    func add(_ topic: Topic, send: @escaping StreamSend, dropped: @escaping @Sendable () -> Void) -> Int {
        state.withLock { state in
            state.nextID += 1
            state.subscribers[state.nextID] = Subscriber(topic: topic, send: send, dropped: dropped, channels: AlpacaDataChannels())
            count.store(state.subscribers.count, ordering: .relaxed)
            return state.nextID
        }
    }

    /// Removes subscriber `id` (nothing when it is gone already).
    func remove(_ id: Int) {
        state.withLock { state in
            state.subscribers[id] = nil
            count.store(state.subscribers.count, ordering: .relaxed)
        }
    }

    /// Sets the Alpaca market-data channels of subscriber `id`.
    func update(_ id: Int, channels: AlpacaDataChannels) {
        state.withLock { state in state.subscribers[id]?.channels = channels }
    }

    /// Ends every subscriber, as when the exchange's streams all drop at once: each is removed,
    /// then its `dropped` is called (the transport closes its connection). Returns how many.
    @discardableResult
    func dropAll() -> Int {
        let dropped = state.withLock { state in
            defer {
                state.subscribers = [:]
                count.store(0, ordering: .relaxed)
            }
            return state.subscribers.sorted { $0.key < $1.key }.map(\.value.dropped)
        }
        for subscriber in dropped { subscriber() }
        return dropped.count
    }

    /// Whether some subscriber's topic passes `wanted`.
    func wants(_ wanted: (Topic) -> Bool) -> Bool {
        guard isActive else { return false }
        return state.withLock { state in state.subscribers.values.contains { wanted($0.topic) } }
    }

    /// Sends `message` to every subscriber whose topic passes `wanted`.
    func publish(_ message: [UInt8], to wanted: (Topic) -> Bool) {
        deliver { topic, _ in wanted(topic) ? message : nil }
    }

    /// Sends each Alpaca market-data subscriber what `message` makes of its channels (nothing
    /// when it gives nil).
    func publishAlpacaData(_ message: (AlpacaDataChannels) -> [UInt8]?) {
        deliver { topic, channels in topic == .alpacaData ? message(channels) : nil }
    }

    /// Calls each subscriber with what `message` gives it, outside the lock, and removes those
    /// that answer false.
    private func deliver(_ message: (Topic, AlpacaDataChannels) -> [UInt8]?) {
        guard isActive else { return }
        let targets = state.withLock { state in
            state.subscribers.sorted { $0.key < $1.key }.compactMap { id, subscriber in
                message(subscriber.topic, subscriber.channels).map { (id, subscriber.send, $0) }
            }
        }
        for (id, send, bytes) in targets where !send(bytes) { remove(id) }
    }
}
