import MatchingEngine
import StrategyKit

extension Marketplace {
    /// Every order `account` has placed on `venue` (in every stock), as the exchange keeps them,
    /// without any access check: for the process that runs the exchange, not for API callers.
    func orders(of account: Account, on venue: Venue) -> [OrderStatus] {
        state.withLock { state in state.listings[venue]?.exchange.orders(of: account) ?? [] }
    }

    /// The number of orders (open, and closed but not yet forgotten) and of their fills that
    /// `venue` still reports on; zeros for an unknown venue.
    func retained(on venue: Venue) -> (orders: Int, fills: Int) {
        state.withLock { state in state.listings[venue]?.exchange.retained ?? (0, 0) }
    }

    /// The quote of `symbol` on `venue` now, or nil when the venue does not list it.
    func currentQuote(_ symbol: Symbol, on venue: Venue) -> Quote? {
        state.withLock { state in
            let time = state.now()
            return state.listings[venue]?.exchange.quote(symbol, at: time)
        }
    }

    /// The bots' fair value of `symbol` on `venue`, or nil when no bots trade it there.
    func fairValue(of symbol: Symbol, on venue: Venue) -> Price? {
        state.withLock { state in
            state.bots.first { $0.venue == venue }?.bots.fairValue(of: symbol)
        }
    }

    /// The account of the insider among the bots of `venue`, or nil when they have none.
    func insider(on venue: Venue) -> Account? {
        state.withLock { state in state.bots.first { $0.venue == venue }?.bots.insider }
    }
}
