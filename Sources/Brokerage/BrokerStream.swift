import StrategyKit

/// What a venue's push stream delivers, in the order it arrived, to the closure given to
/// `Broker.openStream`.
public enum BrokerStreamEvent: Sendable, Hashable {
    /// The top of a symbol's book from a quote: one level a side at most, the venue's time as
    /// its exchange time, `receivedTime` the broker's stamp, `sequence` 0 (the runner numbers).
    case book(BookSnapshot)
    /// A print of the tape.
    case trade(Trade)
    /// An order's status after a fill or a change of state, as `Broker.status` reports it: the
    /// runner posts it as it posts a polled one, so the engine's order tracker decides what is new.
    case order(OrderStatus)
    /// The connection is alive (a pong, a control message of the venue's protocol) though
    /// nothing was traded or quoted: it resets the runner's stall deadline, and nothing more.
    case alive
    /// The connection ended (closed by either side, failed, refused): the last event of a stream,
    /// delivered exactly once.
    case closed(reason: String)
}

/// One connection of a venue's push stream, from its opening to `closed`. It never reconnects:
/// the live runner opens another (with back-off) and reconciles before it trusts it.
public protocol BrokerStream: Sendable {
    /// Ends the connection; `closed` is delivered once if it was not already. Idempotent.
    func close()
}

extension Broker {
    /// Nil: this broker does not stream, and the runner polls.
    public func openStream(
        venue: Venue, symbols: [Symbol], onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void
    ) async throws(BrokerError) -> (any BrokerStream)? {
        nil
    }
}
