import APIClient
import StrategyKit
import Wire

/// GET `/v2/stocks/{symbol}/quotes`: one page of a symbol's quotes (its top of book each time it
/// changed) within `range`, oldest first. Follow `nextPageToken` for the rest.
public struct GetHistoricalQuotes: AlpacaCommand, Hashable {
    public var range: HistoryRange

    public init(_ range: HistoryRange) { self.range = range }
    public var api: AlpacaAPI { .marketData }
    public var method: HTTPMethod { .get }
    public var path: String { range.path("quotes") }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaPage<AlpacaQuote> {
        try range.decode(body, "quotes") { reader, symbol throws(JSONReadError) in try AlpacaQuote(reading: &reader, symbol: symbol) }
    }
}
