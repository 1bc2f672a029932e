import StrategyKit

extension Marketplace {
    /// A new market-data session opened at `time`, signing in as the REST API does, with the
    /// configuration's `streamSymbolLimit`.
    func alpacaDataSession(openedAt time: Timestamp) -> AlpacaDataStreamSession {
        let access = self.access
        let limit = state.withLock { $0.alpaca?.configuration.streamSymbolLimit } ?? AlpacaDataStreamSession.defaultSymbolLimit
        return AlpacaDataStreamSession(openedAt: time, symbolLimit: limit) { access.alpacaAccount(keyID: $0, secret: $1) }
    }

    /// A new trading-stream session, signing in as the REST API does.
    func alpacaTradingSession() -> AlpacaTradingStreamSession {
        let access = self.access
        return AlpacaTradingStreamSession { access.alpacaAccount(keyID: $0, secret: $1) }
    }

    /// The market-data connections one account may hold (`AlpacaConfiguration.streamConnectionLimit`).
    var alpacaStreamConnectionLimit: Int {
        state.withLock { $0.alpaca?.configuration.streamConnectionLimit } ?? AlpacaConfiguration().streamConnectionLimit
    }
}
