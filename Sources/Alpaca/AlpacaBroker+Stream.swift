import Brokerage
import StrategyKit

extension AlpacaBroker {
    /// Alpaca's two streams for `symbols` on `venue` (`AlpacaBrokerStream`), at the client's
    /// `streams`, signed in with the REST client's key id and secret; nil when the client knows
    /// no stream endpoints. An order update whose fills cannot be read now is left to the polls.
    public func openStream(
        venue: Venue, symbols: [Symbol], onEvent: @escaping @Sendable (BrokerStreamEvent) -> Void
    ) async throws(BrokerError) -> (any BrokerStream)? {
        guard let endpoints = client.streams else { return nil }
        let stream = AlpacaBrokerStream(
            venue: venue, symbols: symbols, credentials: client.invoker.credentials,
            status: { [self] order in try? await status(of: order, venue: venue) }, onEvent: onEvent)
        try await stream.connect(endpoints)
        return stream
    }
}
