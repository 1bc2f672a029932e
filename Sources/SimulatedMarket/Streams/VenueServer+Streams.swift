import StrategyKit

/// The exchange's streams, without their transport: a subscriber is a `StreamSend` closure (the
/// WebSocket connection's enqueue), which the marketplace calls with each message's bytes as
/// the state changes, and a `dropped` closure, called when `dropStreams()` ends it (the
/// transport then closes the connection); Alpaca's sessions are pure state machines the
/// transport drives.
extension VenueServer {
    /// StockFighter's tickertape of `venue` (`.../venues/:venue/tickertape`), or of one stock
    /// (`.../tickertape/stocks/:stock`): `{"ok":true,"quote":{...}}` on every change of a
    /// quote. Any account may watch it. Nil for a venue or stock not listed.
    public func subscribeTickertape(
        venue: Venue, symbol: Symbol? = nil, send: @escaping StreamSend, dropped: @escaping @Sendable () -> Void = {}
    ) -> StreamSubscription? {
        marketplace.subscribe(.tickertape(venue, symbol), send: send, dropped: dropped)
    }

    /// StockFighter's executions of `account`'s orders on `venue`, or in one stock: one message
    /// per fill of each of its orders. Nil for a venue or stock not listed.
    public func subscribeExecutions(
        account: Account, venue: Venue, symbol: Symbol? = nil, send: @escaping StreamSend,
        dropped: @escaping @Sendable () -> Void = {}
    ) -> StreamSubscription? {
        marketplace.subscribe(.executions(account, venue, symbol), send: send, dropped: dropped)
    }

    /// Alpaca's market data (`t`, `q`, `b` as JSON arrays) for the channels the subscription is
    /// given (`StreamSubscription.update`, from its `AlpacaDataStreamSession`): none at first.
    /// Nil when the exchange does not serve Alpaca.
    public func subscribeAlpacaData(send: @escaping StreamSend, dropped: @escaping @Sendable () -> Void = {}) -> StreamSubscription? {
        marketplace.subscribe(.alpacaData, send: send, dropped: dropped)
    }

    /// Alpaca's `trade_updates` of `account`. Nil when the exchange does not serve Alpaca.
    public func subscribeTradeUpdates(
        account: Account, send: @escaping StreamSend, dropped: @escaping @Sendable () -> Void = {}
    ) -> StreamSubscription? {
        marketplace.subscribe(.tradeUpdates(account), send: send, dropped: dropped)
    }

    /// A new connection's market-data session, opened at `time`, signing in as the REST API does,
    /// with the configuration's `streamSymbolLimit`.
    public func alpacaDataSession(openedAt time: Timestamp) -> AlpacaDataStreamSession {
        marketplace.alpacaDataSession(openedAt: time)
    }

    /// A new connection's trading-stream session, signing in as the REST API does.
    public func alpacaTradingSession() -> AlpacaTradingStreamSession {
        marketplace.alpacaTradingSession()
    }

    /// Ends every stream subscriber at once, as when the exchange's streams drop (the transport
    /// closes their connections): for tests of a client's reconnection. Returns how many.
    @discardableResult
    public func dropStreams() -> Int { marketplace.streams.dropAll() }

    /// The stream subscribers now, of every kind.
    public var streamSubscriberCount: Int { marketplace.streams.subscriberCount }
}
