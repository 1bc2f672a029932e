import StrategyKit

extension Quoter {
    /// The timer that ends a results pause.
    static let resultsPauseTimer: TimerID = "mm-results-pause"

    /// Whether `filing` announces results: an 8-K with item 2.02 (results of operations).
    static func announcesResults(_ filing: Filing) -> Bool {
        filing.form == "8-K" && filing.items.contains("2.02")
    }

    /// On results of its stock (and a pause configured): withdraws both quotes and shows none
    /// until `resultsPauseNanoseconds` from now (a later one extends the pause), then quotes again
    /// at the timer or the next book, whichever comes first.
    mutating func onFiling(_ filing: Filing, context: StrategyContext) -> [Intent] {
        guard resultsPauseNanoseconds > 0, filing.symbol == symbol, Self.announcesResults(filing) else { return [] }
        let until = context.now.advanced(byNanoseconds: resultsPauseNanoseconds)
        pausedUntil = max(pausedUntil ?? until, until)
        quietInputs = nil
        return withdraw(context) + [.setTimer(Self.resultsPauseTimer, at: until)]
    }

    /// The pause's end: requotes from the last market.
    mutating func onTimer(_ id: TimerID, context: StrategyContext) -> [Intent] {
        guard id == Self.resultsPauseTimer, let market = lastMarket else { return [] }
        return requote(market, context: context)
    }

    /// Cancels every acknowledged quote of its stock not already being cancelled, and sends again
    /// a cancel unanswered for `cancelRetryNanoseconds`; an order not yet acknowledged is
    /// cancelled at a later call, once it has an id.
    mutating func withdraw(_ context: StrategyContext) -> [Intent] {
        forgetClosedOrders(context)
        let now = context.now
        var intents: [Intent] = []
        for order in context.openOrders where order.request.symbol == symbol {
            guard let id = order.id else { continue }
            if let asked = cancelling.firstIndex(where: { $0.id == id }) {
                guard now.nanoseconds(since: cancelling[asked].askedAt) >= Self.cancelRetryNanoseconds else { continue }
                cancelling[asked].askedAt = now
            } else {
                // An id of the context's open orders: `checkedOrders` stays valid.
                cancelling.append((id, now))
            }
            intents.append(.cancel(id))
        }
        return intents
    }
}
