import Synchronization

/// Hands a push stream's events to the closure given to `Broker.openStream` as that method
/// promises: one at a time, whichever thread delivers them, and nothing after `closed`, which
/// comes once. A stream made of several connections (StockFighter's two feeds, Alpaca's two
/// streams) delivers everything from all of them through one.
public final class StreamDelivery: Sendable {
    private let ended = Mutex(false)
    private let onEvent: @Sendable (BrokerStreamEvent) -> Void

    public init(_ onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void) {
        self.onEvent = onEvent
    }

    /// Hands `event` on unless the stream has ended (`closed` ends it); returns whether it has.
    @discardableResult
    public func deliver(_ event: BrokerStreamEvent) -> Bool {
        ended.withLock { ended in
            guard !ended else { return true }
            if case .closed = event { ended = true }
            onEvent(event)
            return ended
        }
    }

    /// Whether `closed` has been delivered.
    public var hasEnded: Bool { ended.withLock { $0 } }
}
