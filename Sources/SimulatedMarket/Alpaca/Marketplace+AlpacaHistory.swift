@_spi(Host) import StrategyKit
import Wire

extension Marketplace {
    /// Which history `alpacaHistory` serves.
    enum AlpacaHistoryKind: String {
        case quotes, trades
    }

    /// `quotes` and `trades`: the venue's quote changes or prints from `start` (the UTC day's
    /// start by default) to `end` (now; both inclusive), symbol by symbol in name order, oldest
    /// first (`sort=desc`: newest first), `limit` (1000 by default, 10000 at most) records a page
    /// across the symbols; `next_page_token` (`SYMBOL.id`) continues where the page stopped.
    /// One symbol: `{"quotes":[...],"symbol":S,"next_page_token":...}`; several:
    /// `{"quotes":{"S":[...]},"next_page_token":...}`.
    func alpacaHistory(_ kind: AlpacaHistoryKind, _ symbols: [Symbol], query: AlpacaQuery, single: Bool) throws(AlpacaFailure) -> [UInt8] {
        let limit = try query.int("limit", in: 1...10_000, default: 1_000)
        let ascending = try query.choice("sort", ["asc", "desc"], default: "asc") == "asc"
        _ = try query.choice("feed", ["sip", "iex", "otc", "delayed_sip", "boats", "overnight"], default: "sip")
        let requestedStart = try query.time("start")
        let requestedEnd = try query.time("end")
        let resume = try query.pageToken()
        var json = JSONWriter(capacity: 128 + 120 * limit)
        let next = try withAlpaca(nil) { _, listing, time throws(AlpacaFailure) -> String? in
            let end = (requestedEnd ?? time).nanoseconds
            let start = requestedStart?.nanoseconds ?? time.startOfUTCDay.nanoseconds
            guard start <= end else { throw .invalid("start must not be after end") }
            json.raw("{")
            json.string(kind.rawValue)
            json.raw(single ? ":[" : ":{")
            var left = limit
            var written = 0
            var next: String?
            let ordered = symbols.filter { listing.exchange.lists($0) }.sorted { $0.rawValue < $1.rawValue }
            for symbol in ordered where left > 0 {
                if let (resumeSymbol, _) = resume, symbol.rawValue < resumeSymbol.rawValue { continue }
                let from = resume.flatMap { $0.0 == symbol ? $0.1 : nil }
                let history = listing.tape.history
                let count: Int
                switch kind {
                case .quotes:
                    let page = (history.quotes[symbol] ?? []).page(from: start, to: end, resume: from, ascending: ascending, limit: left)
                    count = Self.write(page.records, ascending, symbol, single, first: written == 0, to: &json) { $0.alpacaQuote($1) }
                    next = page.next.map { "\(symbol.rawValue).\($0)" }
                case .trades:
                    let page = (history.trades[symbol] ?? []).page(from: start, to: end, resume: from, ascending: ascending, limit: left)
                    count = Self.write(page.records, ascending, symbol, single, first: written == 0, to: &json) { $0.alpacaTrade($1) }
                    next = page.next.map { "\(symbol.rawValue).\($0)" }
                }
                left -= count
                written += count > 0 ? 1 : 0
                if next != nil { break }
                // A full page that ends a symbol's records continues at the next symbol.
                if left == 0, let later = ordered.first(where: { $0.rawValue > symbol.rawValue }) {
                    next = "\(later.rawValue).\(ascending ? 0 : Int64.max)"
                }
            }
            return next
        }
        if single {
            json.raw("]")
            json.stringMember("symbol", symbols[0].rawValue)
        } else {
            json.raw("}")
        }
        json.member("next_page_token")
        if let next { json.string(next) } else { json.raw("null") }
        json.raw("}")
        return json.bytes
    }

    /// Writes `records` (ascending) in the order asked: the bare array's items for one symbol,
    /// else `"S":[...]` (nothing for no records). Returns how many it wrote.
    private static func write<R>(
        _ records: ArraySlice<R>, _ ascending: Bool, _ symbol: Symbol, _ single: Bool, first: Bool, to json: inout JSONWriter,
        _ item: (inout JSONWriter, R) -> Void
    ) -> Int {
        guard !records.isEmpty else { return 0 }
        if !single {
            if !first { json.raw(",") }
            json.string(symbol.rawValue)
            json.raw(":[")
        }
        var index = 0
        for record in ascending ? Array(records) : records.reversed() {
            if index > 0 { json.raw(",") }
            item(&json, record)
            index += 1
        }
        if !single { json.raw("]") }
        return records.count
    }
}
