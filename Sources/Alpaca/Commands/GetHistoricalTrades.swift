import APIClient
import StrategyKit
import Wire

/// GET `/v2/stocks/{symbol}/trades`: one page of a symbol's trades within `range`, oldest
/// first, with their condition codes. Follow `nextPageToken` for the rest.
public struct GetHistoricalTrades: AlpacaCommand, Hashable {
    public var range: HistoryRange

    public init(_ range: HistoryRange) { self.range = range }
    public var api: AlpacaAPI { .marketData }
    public var method: HTTPMethod { .get }
    public var path: String { range.path("trades") }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaPage<AlpacaTrade> {
        try range.decode(body, "trades") { reader, symbol throws(JSONReadError) in try AlpacaTrade(reading: &reader, symbol: symbol) }
    }
}
