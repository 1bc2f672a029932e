import StrategyKit

/// EDGAR's company list as fetched at one time, looked up by ticker.
public struct CompanyList: Sendable {
    /// The rows, in the file's (market-value) order.
    public let tickers: [CompanyTicker]
    /// When the list was fetched from EDGAR.
    public let fetchedAt: Timestamp
    /// Whether it came from the cache file rather than from EDGAR just now.
    public let fromCache: Bool
    private let rowByTicker: [String: Int]

    /// The list `tickers`, fetched at `fetchedAt`.
    public init(tickers: [CompanyTicker], fetchedAt: Timestamp, fromCache: Bool) {
        self.tickers = tickers
        self.fetchedAt = fetchedAt
        self.fromCache = fromCache
        var rows: [String: Int] = [:]
        // The first row of a ticker wins: the list is in market-value order.
        for (row, entry) in tickers.enumerated() where rows[entry.ticker] == nil { rows[entry.ticker] = row }
        rowByTicker = rows
    }

    /// The row of `symbol` (any case; `BRK.B` finds `BRK-B`), nil when EDGAR does not list it.
    public func company(_ symbol: String) -> CompanyTicker? {
        rowByTicker[CompanyTicker.normalized(symbol)].map { tickers[$0] }
    }
}
