import MatchingEngine
import StrategyKit

extension Marketplace.State {
    /// Books a batch of match events on `venue`: its trades into the venue's tape and, when the
    /// Alpaca side serves that venue, fills and cancels into its orders and accounts, with the
    /// stops and groups they set off (`AlpacaMarket.settle`). `symbol` names the book when the
    /// caller knows it (its orders may already be forgotten).
    mutating func record(_ events: [MatchEvent], on venue: Venue, symbol: Symbol? = nil, at time: Timestamp) {
        guard !events.isEmpty, listings[venue] != nil else { return }
        if alpaca?.venue == venue {
            alpaca!.settle(events, symbol: symbol, on: &listings[venue]!, at: time)
        } else {
            listings[venue]!.record(events, symbol: symbol, at: time)
        }
    }

    /// Expires the Alpaca day orders on `venue` left open at the session's close, before the bots
    /// of `venue` trade (who could otherwise fill an order after its day ended).
    mutating func expireAlpacaDayOrders(on venue: Venue, at time: Timestamp) {
        guard alpaca?.venue == venue, alpaca?.configuration.session != nil, listings[venue] != nil else { return }
        alpaca!.expireDayOrders(at: time, on: &listings[venue]!)
    }
}

extension Marketplace {
    /// The Alpaca side's work under the lock: `body` gets the Alpaca market, its venue's listing
    /// and the time, after `account` has been opened (starting cash) and expired day orders
    /// swept. 404 when the exchange serves no Alpaca API.
    func withAlpaca<Result>(
        _ account: Account?,
        _ body: (inout AlpacaMarket, inout Listing, Timestamp) throws(AlpacaFailure) -> Result
    ) throws(AlpacaFailure) -> Result {
        try state.withLock { state throws(AlpacaFailure) -> Result in
            let time = state.now()
            guard let venue = state.alpaca?.venue, state.listings[venue] != nil else {
                throw .notFound("this exchange does not serve the Alpaca API")
            }
            if let account { state.alpaca!.openAccount(account, at: time) }
            state.alpaca!.expireDayOrders(at: time, on: &state.listings[venue]!)
            return try body(&state.alpaca!, &state.listings[venue]!, time)
        }
    }

    /// Counts a request of `account` against the Alpaca rate limit (nil without one).
    func countAlpacaRequest(of account: Account) -> (limit: Int, remaining: Int, reset: Int64, allowed: Bool)? {
        state.withLock { state in
            let time = state.now()
            return state.alpaca?.countRequest(of: account, at: time)
        }
    }
}
