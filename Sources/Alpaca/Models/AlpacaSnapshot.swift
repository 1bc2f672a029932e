import StrategyKit
import Wire

/// A symbol's snapshot of `GET /v2/stocks/snapshots`: its latest trade and quote, the current
/// minute's and day's bars and the previous day's bar (the previous close), each nil if absent.
public struct AlpacaSnapshot: Sendable, Hashable {
    public var latestTrade: AlpacaTrade?
    public var latestQuote: AlpacaQuote?
    public var minuteBar: AlpacaBar?
    public var dailyBar: AlpacaBar?
    public var previousDailyBar: AlpacaBar?

    /// Reads the snapshot object of `symbol` at `reader`.
    init(reading reader: inout JSONReader, symbol: String) throws(JSONReadError) {
        var trade: AlpacaTrade?, quote: AlpacaQuote?, minute: AlpacaBar?, daily: AlpacaBar?, previous: AlpacaBar?
        try reader.readObject { reader, key throws(JSONReadError) in
            if try reader.null() { return }
            if key.equals("latestTrade") { trade = try AlpacaTrade(reading: &reader, symbol: symbol) }
            else if key.equals("latestQuote") { quote = try AlpacaQuote(reading: &reader, symbol: symbol) }
            else if key.equals("minuteBar") { minute = try AlpacaBar(reading: &reader, symbol: symbol) }
            else if key.equals("dailyBar") { daily = try AlpacaBar(reading: &reader, symbol: symbol) }
            else if key.equals("prevDailyBar") { previous = try AlpacaBar(reading: &reader, symbol: symbol) }
            else { try reader.skipValue() }
        }
        latestTrade = trade
        latestQuote = quote
        minuteBar = minute
        dailyBar = daily
        previousDailyBar = previous
    }
}
