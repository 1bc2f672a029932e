import MatchingEngine
@_spi(Host) import StrategyKit

/// The history of one venue that Alpaca's historical market data serves: each stock's quotes (a
/// record each time its top of book changed) and trades (a record per print), oldest first,
/// kept bounded per stock as closed orders are (`OrderRetention`: at most `maxClosedOrders`
/// records of each kind, none older than `maxAge`; everything without a retention).
struct MarketHistory {
    /// A top of book as it stood from `time` on.
    struct QuoteRecord: HistoryRecord {
        var time: Timestamp
        var bid: Price?
        var bidSize: Quantity
        var ask: Price?
        var askSize: Quantity
        /// Counts up across the venue's quotes: the page token's position.
        var id: Int64

        func sameTop(as quote: Quote) -> Bool {
            bid == quote.bid && ask == quote.ask && bidSize == quote.bidSize && askSize == quote.askSize
        }
    }

    let retention: OrderRetention?
    private(set) var quotes: [Symbol: [QuoteRecord]] = [:]
    private(set) var trades: [Symbol: [TradeTape.Print]] = [:]
    private var quoteCount: Int64 = 0

    init(retention: OrderRetention?) { self.retention = retention }

    /// Keeps `quote` as `symbol`'s newest when its top of book differs from the last one kept.
    mutating func note(_ quote: Quote, of symbol: Symbol, at time: Timestamp) {
        if let last = quotes[symbol]?.last {
            if last.sameTop(as: quote) { return }
        } else if quote.bid == nil, quote.ask == nil {
            return  // A book that has always been empty has no quote yet.
        }
        quoteCount += 1
        let record = QuoteRecord(time: time, bid: quote.bid, bidSize: quote.bidSize, ask: quote.ask, askSize: quote.askSize, id: quoteCount)
        Self.append(record, to: &quotes[symbol, default: []], retention)
    }

    /// Keeps `print` as `symbol`'s newest trade.
    mutating func note(_ print: TradeTape.Print, of symbol: Symbol) {
        Self.append(print, to: &trades[symbol, default: []], retention)
    }

    /// Forgets every record older than `cutoff`.
    mutating func forget(before cutoff: Timestamp) {
        for symbol in quotes.keys { quotes[symbol]!.removeFirst(quotes[symbol]!.prefix { $0.time < cutoff }.count) }
        for symbol in trades.keys { trades[symbol]!.removeFirst(trades[symbol]!.prefix { $0.time < cutoff }.count) }
    }

    /// Appends `record`; past the retention's count and its slack, the oldest go, so that
    /// forgetting, which copies what is kept, costs O(1) per record on average.
    private static func append<R>(_ record: R, to records: inout [R], _ retention: OrderRetention?) {
        records.append(record)
        guard let retention, records.count > retention.maxClosedOrders + retention.slack else { return }
        records.removeFirst(records.count - retention.maxClosedOrders)
    }
}

/// A record of the history: its time, and an id that grows with it.
protocol HistoryRecord {
    var time: Timestamp { get }
    var id: Int64 { get }
}

extension TradeTape.Print: HistoryRecord {}

extension Array where Element: HistoryRecord {
    /// One page of the records with times in `from...to`, oldest first (`ascending`) or newest
    /// first, starting at the record whose id is `resume` (the page token) when given, at most
    /// `limit`; and the id of the next record when more are left.
    func page(from: Int64, to: Int64, resume: Int64?, ascending: Bool, limit: Int) -> (records: ArraySlice<Element>, next: Int64?) {
        var low = partitioningIndex { $0.time.nanoseconds >= from }
        var high = partitioningIndex { $0.time.nanoseconds > to }
        if let resume {
            if ascending { low = Swift.max(low, partitioningIndex { $0.id >= resume }) }
            else { high = Swift.min(high, partitioningIndex { $0.id > resume }) }
        }
        guard low < high else { return ([], nil) }
        if high - low <= limit { return (self[low..<high], nil) }
        return ascending ? (self[low..<(low + limit)], self[low + limit].id) : (self[(high - limit)..<high], self[high - limit - 1].id)
    }

    /// The first index whose element satisfies `belongs`, for a predicate that is false then true.
    private func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
