import StrategyKit
import Wire

/// The market's clock, asked again only when the cached answer may have changed: at its next
/// open or close, or after a minute.
actor MarketClock {
    private let client: AlpacaClient
    private var cached: (clock: AlpacaClock, validUntil: Timestamp)?

    init(client: AlpacaClient) { self.client = client }

    /// Whether the market is open now, with its next open and close.
    func current() async throws(AlpacaError) -> AlpacaClock {
        let now = WallClock.now()
        if let cached, now < cached.validUntil { return cached.clock }
        let clock = try await client.clock()
        let change = clock.isOpen ? clock.nextClose : clock.nextOpen
        cached = (clock, min(change, now.advanced(byNanoseconds: 60_000_000_000)))
        return clock
    }
}
