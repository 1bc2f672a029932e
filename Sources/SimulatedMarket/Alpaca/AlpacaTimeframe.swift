@_spi(Host) import StrategyKit

/// A bar length of the bars endpoints: `1Min`...`59Min`, `1Hour`...`23Hour` or `1Day`, as
/// nanoseconds. Weeks and months are refused (the simulated market's bars go back only as far as
/// the exchange has run).
enum AlpacaTimeframe {
    /// The length of `text`'s bars; 422 for a timeframe the simulated exchange does not build.
    static func span(_ text: String?) throws(AlpacaFailure) -> Int64 {
        guard let text else { throw .invalid("timeframe is required (1Min to 59Min, 1Hour to 23Hour, or 1Day)") }
        let digits = text.prefix { $0.isNumber }
        let unit = text.dropFirst(digits.count)
        guard let count = Int64(digits), count > 0 else { throw refusal(text) }
        let minute = TradeTape.nanosecondsPerMinute
        switch unit {
        case "Min" where count <= 59, "T" where count <= 59: return count * minute
        case "Hour" where count <= 23, "H" where count <= 23: return count * 60 * minute
        case "Day" where count == 1, "D" where count == 1: return Timestamp.nanosecondsPerDay
        default: throw refusal(text)
        }
    }

    private static func refusal(_ text: String) -> AlpacaFailure {
        .invalid("timeframe \(text) is not supported by the simulated exchange: use 1Min to 59Min, 1Hour to 23Hour, or 1Day")
    }
}
