@_spi(Host) import StrategyKit
import Wire

extension Marketplace {
    /// `quotes` and `trades`: the venue's quote changes or prints from `start` (the UTC day's
    /// start by default) to `end` (now; both inclusive), symbol by symbol in name order, oldest
    /// first (`sort=desc`: newest first), `limit` (1000 by default, 10000 at most) records a page
    /// across the symbols; `next_page_token` (`SYMBOL.id`) continues where the page stopped.
    /// One symbol: `{"quotes":[...],"symbol":S,"next_page_token":...}`; several:
    /// `{"quotes":{"S":[...]},"next_page_token":...}`. The page is copied out under the lock and
    /// written after it.
    func alpacaQuoteHistory(_ symbols: [Symbol], query: AlpacaQuery, single: Bool) throws(AlpacaFailure) -> [UInt8] {
        let request = try HistoryRequest(query)
        let (pages, next) = try withAlpaca(nil) { _, listing, time throws(AlpacaFailure) in
            try request.collect(symbols.filter(listing.exchange.lists), at: time) { listing.tape.history.quotes[$0] ?? [] }
        }
        return Self.writePages("quotes", pages, next: next, single: single ? symbols[0] : nil) { $0.alpacaQuote($1) }
    }

    /// `trades`, as `alpacaQuoteHistory` serves quotes.
    func alpacaTradeHistory(_ symbols: [Symbol], query: AlpacaQuery, single: Bool) throws(AlpacaFailure) -> [UInt8] {
        let request = try HistoryRequest(query)
        let (pages, next) = try withAlpaca(nil) { _, listing, time throws(AlpacaFailure) in
            try request.collect(symbols.filter(listing.exchange.lists), at: time) { listing.tape.history.trades[$0] ?? [] }
        }
        return Self.writePages("trades", pages, next: next, single: single ? symbols[0] : nil) { $0.alpacaTrade($1) }
    }
}

/// The query of a history page, read and checked before the lock is taken.
private struct HistoryRequest {
    let limit: Int
    let ascending: Bool
    let start: Timestamp?
    let end: Timestamp?
    let resume: (symbol: Symbol, position: Int64)?

    init(_ query: AlpacaQuery) throws(AlpacaFailure) {
        limit = try query.int("limit", in: 1...10_000, default: 1_000)
        ascending = try query.choice("sort", ["asc", "desc"], default: "asc") == "asc"
        _ = try query.choice("feed", ["sip", "iex", "otc", "delayed_sip", "boats", "overnight"], default: "sip")
        start = try query.time("start")
        end = try query.time("end")
        resume = try query.pageToken()
    }

    /// The page's records of each of `listed` (the symbols asked for that the venue lists), in
    /// name order, from `records`, and the next page's token.
    func collect<R: HistoryRecord>(
        _ listed: [Symbol], at time: Timestamp, _ records: (Symbol) -> [R]
    ) throws(AlpacaFailure) -> (pages: [(Symbol, [R])], next: String?) {
        let last = (end ?? time).nanoseconds
        let first = start?.nanoseconds ?? time.startOfUTCDay.nanoseconds
        guard first <= last else { throw .invalid("start must not be after end") }
        let ordered = listed.sorted { $0.rawValue < $1.rawValue }
        var pages: [(Symbol, [R])] = []
        var left = limit
        for (index, symbol) in ordered.enumerated() {
            if let resume, symbol.rawValue < resume.symbol.rawValue { continue }
            let from = resume.flatMap { $0.symbol == symbol ? $0.position : nil }
            let page = records(symbol).page(from: first, to: last, resume: from, ascending: ascending, limit: left)
            if !page.records.isEmpty { pages.append((symbol, ascending ? Array(page.records) : page.records.reversed())) }
            left -= page.records.count
            if let next = page.next { return (pages, "\(symbol.rawValue).\(next)") }
            // A page filled to the limit by a symbol's last records goes on with the next symbol.
            if left == 0, index + 1 < ordered.count {
                return (pages, "\(ordered[index + 1].rawValue).\(ascending ? 0 : Int64.max)")
            }
        }
        return (pages, nil)
    }
}
