import MatchingEngine
@_spi(Host) import StrategyKit
import Wire

extension Marketplace {
    /// `quotes/latest`: `{"quotes":{"A":Q}}` for the listed symbols among `symbols`, or
    /// `{"symbol","quote"}` for one (404 when it is not listed).
    func alpacaLatestQuotes(_ symbols: [Symbol], single: Bool) throws(AlpacaFailure) -> [UInt8] {
        let quotes = try withAlpaca(nil) { _, listing, time throws(AlpacaFailure) -> [Quote] in
            symbols.compactMap { listing.exchange.quote($0, at: time) }
        }
        var json = JSONWriter(capacity: 64 + 200 * quotes.count)
        if single {
            guard let quote = quotes.first else { throw .notFound("no quote found for \(symbols[0].rawValue)") }
            json.raw("{")
            json.stringMember("symbol", quote.symbol.rawValue)
            json.member("quote")
            json.alpacaQuote(quote)
            json.raw("}")
            return json.bytes
        }
        json.raw("{\"quotes\":{")
        for (index, quote) in quotes.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(quote.symbol.rawValue)
            json.raw(":")
            json.alpacaQuote(quote)
        }
        json.raw("}}")
        return json.bytes
    }

    /// `trades/latest`: `{"trades":{"A":T}}` for the symbols that have traded, or
    /// `{"symbol","trade"}` for one (404 when it has not).
    func alpacaLatestTrades(_ symbols: [Symbol], single: Bool) throws(AlpacaFailure) -> [UInt8] {
        let trades = try withAlpaca(nil) { _, listing, _ throws(AlpacaFailure) -> [(Symbol, TradeTape.Print)] in
            symbols.compactMap { symbol in listing.tape.latest[symbol].map { (symbol, $0) } }
        }
        var json = JSONWriter(capacity: 64 + 200 * trades.count)
        if single {
            guard let (symbol, trade) = trades.first else { throw .notFound("no trade found for \(symbols[0].rawValue)") }
            json.raw("{")
            json.stringMember("symbol", symbol.rawValue)
            json.member("trade")
            json.alpacaTrade(trade)
            json.raw("}")
            return json.bytes
        }
        json.raw("{\"trades\":{")
        for (index, (symbol, trade)) in trades.enumerated() {
            if index > 0 { json.raw(",") }
            json.string(symbol.rawValue)
            json.raw(":")
            json.alpacaTrade(trade)
        }
        json.raw("}}")
        return json.bytes
    }

    /// `snapshots`: `{"A":{latestTrade,latestQuote,minuteBar,dailyBar,prevDailyBar}}` (absent
    /// ones `null`) for the listed symbols, or one snapshot with `symbol` (404 when not listed).
    /// The day is the UTC day; the previous day is the last earlier one with trades.
    func alpacaSnapshots(_ symbols: [Symbol], single: Bool) throws(AlpacaFailure) -> [UInt8] {
        try withAlpaca(nil) { alpaca, listing, time throws(AlpacaFailure) -> [UInt8] in
            let listed = symbols.filter { listing.exchange.lists($0) }
            if single, listed.isEmpty { throw .notFound("no snapshot found for \(symbols[0].rawValue)") }
            var json = JSONWriter(capacity: 64 + 800 * listed.count)
            json.raw("{")
            for (index, symbol) in listed.enumerated() {
                if !single {
                    if index > 0 { json.raw(",") }
                    json.string(symbol.rawValue)
                    json.raw(":{")
                } else {
                    json.stringMember("symbol", symbol.rawValue)
                }
                json.member("latestTrade")
                if let trade = listing.tape.latest[symbol] { json.alpacaTrade(trade) } else { json.raw("null") }
                json.member("latestQuote")
                if let quote = listing.exchange.quote(symbol, at: time) { json.alpacaQuote(quote) } else { json.raw("null") }
                json.alpacaBar("minuteBar", listing.tape.minuteBars[symbol]?.last)
                let days = listing.tape.dailyBars(symbol, at: time.nanoseconds)
                json.alpacaBar("dailyBar", days.today)
                json.alpacaBar("prevDailyBar", days.previous)
                if !single { json.raw("}") }
            }
            json.raw("}")
            return json.bytes
        }
    }

    /// `bars`: the bars of `timeframe` starting in `start` (the UTC day's start by default) to
    /// `end` (now), symbol by symbol in name order, oldest first, `limit` (1000 by default,
    /// 10000 at most) bars a page; `next_page_token` continues where the page stopped.
    func alpacaBars(_ symbols: [Symbol], query: AlpacaQuery, single: Bool) throws(AlpacaFailure) -> [UInt8] {
        let span = try AlpacaTimeframe.span(query["timeframe"])
        let limit = try query.int("limit", in: 1...10_000, default: 1_000)
        let requestedStart = try query.time("start")
        let requestedEnd = try query.time("end")
        let resume = try query.pageToken()
        let (pages, next) = try withAlpaca(nil) { alpaca, listing, time throws(AlpacaFailure) -> ([(Symbol, [TradeBar])], String?) in
            let end = (requestedEnd ?? time).nanoseconds
            let start = requestedStart?.nanoseconds ?? time.startOfUTCDay.nanoseconds
            var left = limit
            var pages: [(Symbol, [TradeBar])] = []
            let ordered = symbols.filter { listing.exchange.lists($0) }.sorted { $0.rawValue < $1.rawValue }
            for symbol in ordered {
                if let (resumeSymbol, _) = resume, symbol.rawValue < resumeSymbol.rawValue { continue }
                var from = start
                if let (resumeSymbol, resumeStart) = resume, resumeSymbol == symbol { from = max(from, resumeStart) }
                let bars = listing.tape.bars(symbol, span: span, from: from, to: end + 1)
                guard !bars.isEmpty else { continue }
                if bars.count > left {
                    if left > 0 { pages.append((symbol, Array(bars.prefix(left)))) }
                    return (pages, "\(symbol.rawValue).\(bars[left].start)")
                }
                left -= bars.count
                pages.append((symbol, bars))
            }
            return (pages, nil)
        }
        return Self.writePages("bars", pages, next: next, single: single ? symbols[0] : nil) { $0.alpacaBar($1) }
    }

    /// A page of a paged market-data call (`bars`, `quotes`, `trades`): for `single`,
    /// `{"KIND":[...],"symbol":S,...}`, else `{"KIND":{"S":[...]},...}`; then `next_page_token`.
    static func writePages<R>(
        _ kind: String, _ pages: [(Symbol, [R])], next: String?, single: Symbol?, _ item: (inout JSONWriter, R) -> Void
    ) -> [UInt8] {
        var json = JSONWriter(capacity: 128 + 120 * pages.reduce(0) { $0 + $1.1.count })
        json.raw("{")
        json.string(kind)
        if let single {
            json.raw(":")
            json.array(pages.first?.1 ?? [], item)
            json.stringMember("symbol", single.rawValue)
        } else {
            json.raw(":{")
            for (index, (symbol, records)) in pages.enumerated() {
                if index > 0 { json.raw(",") }
                json.string(symbol.rawValue)
                json.raw(":")
                json.array(records, item)
            }
            json.raw("}")
        }
        json.member("next_page_token")
        if let next { json.string(next) } else { json.raw("null") }
        json.raw("}")
        return json.bytes
    }
}

extension Marketplace {
    /// `/v1beta1/news`: the generated items of `symbols` (every stock when absent) from `start`
    /// (a week before `end` by default, a year at most) to `end` (now at most), newest first unless `sort=asc`,
    /// `limit` (10 by default, 50 at most) a page; `next_page_token` is the last item's id.
    func alpacaNews(query: AlpacaQuery) throws(AlpacaFailure) -> [UInt8] {
        let limit = try query.int("limit", in: 1...50, default: 10)
        let ascending = try query.choice("sort", ["asc", "desc"], default: "desc") == "asc"
        let content = try query.choice("include_content", ["true", "false"], default: "false") == "true"
        let symbols = Set(query.symbols())
        let requestedStart = try query.time("start")
        let requestedEnd = try query.time("end")
        let afterID = try query["page_token"].map { (token: String) throws(AlpacaFailure) -> Int64 in
            guard let id = Int64(token) else { throw .invalid("page_token \(token) is not one this server gave") }
            return id
        }
        let (items, more) = try withAlpaca(nil) { alpaca, listing, time throws(AlpacaFailure) -> ([AlpacaNews.Item], Bool) in
            let end = min(requestedEnd?.nanoseconds ?? time.nanoseconds, time.nanoseconds)
            // The feed goes back a year at most, so that no query walks further than that.
            let start = max(requestedStart?.nanoseconds ?? end - 7 * Timestamp.nanosecondsPerDay, end - 366 * Timestamp.nanosecondsPerDay)
            let news = AlpacaNews(seed: alpaca.newsSeed, stocks: listing.stocks)
            return news.items(symbols, from: start, to: end, ascending: ascending, limit: limit, afterID: afterID)
        }
        var json = JSONWriter(capacity: 128 + 600 * items.count)
        json.raw("{\"news\":")
        json.array(items) { $0.alpacaNewsItem($1, content: content) }
        json.member("next_page_token")
        if more, let last = items.last { json.string(String(last.id)) } else { json.raw("null") }
        json.raw("}")
        return json.bytes
    }
}
