import Quoting
import StrategyKit

extension Marketplace {
    /// The day quote of `symbol` from the tape of the first venue listing it (the Finnhub API has
    /// no venues), nil before its first trade; `listed` says whether any venue lists it.
    func dayQuote(_ symbol: Symbol) -> (listed: Bool, quote: DayQuote?) {
        state.withLock { state in
            for venue in state.listings.keys.sorted() {
                guard let listing = state.listings[venue], listing.exchange.lists(symbol) else { continue }
                return (true, listing.tape.dayQuote(symbol))
            }
            return (false, nil)
        }
    }

    /// Every stock every venue lists, each symbol once (its first venue's name), in symbol order.
    func listedStocks() -> [ListedStock] {
        state.withLock { state in
            var stocks: [Symbol: ListedStock] = [:]
            for venue in state.listings.keys.sorted() {
                for stock in state.listings[venue]!.stocks where stocks[stock.symbol] == nil { stocks[stock.symbol] = stock }
            }
            return stocks.values.sorted { $0.symbol < $1.symbol }
        }
    }

    /// Whether `key` is a key the exchange knows, or the exchange is open to any key.
    func acceptsFinnhubToken(_ key: String?) -> Bool {
        do throws(APIFailure) {
            _ = try access.authenticate(key)
            return true
        } catch {
            return false
        }
    }
}
