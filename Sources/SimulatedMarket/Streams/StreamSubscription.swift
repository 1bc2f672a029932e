/// One subscriber of the simulated exchange's streams (`VenueServer.subscribe...`): ending it
/// stops its messages; an Alpaca market-data subscription takes its session's channels.
public final class StreamSubscription: Sendable {
    private let hub: StreamHub
    private let id: Int

    init(hub: StreamHub, id: Int) {
        self.hub = hub
        self.id = id
    }

    /// Stops the messages (when the connection closes); harmless twice, or after `dropStreams()`.
    public func end() { hub.remove(id) }

    /// Sends the Alpaca market data of `channels` from now on: what the session answered its
    /// client's last `subscribe` or `unsubscribe` with.
    public func update(_ channels: AlpacaDataChannels) { hub.update(id, channels: channels) }
}
