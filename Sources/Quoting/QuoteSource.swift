import StrategyKit

/// Where a watch list's quotes come from: Finnhub or the simulated exchange (which speaks
/// Finnhub's quote API), both in `Quotes`, or Alpaca's market data (`Alpaca.AlpacaQuoteSource`).
/// Calls block the calling thread, each request bounded by the source's time-out, so a terminal
/// loop can call it between redraws.
public protocol QuoteSource: Sendable {
    /// A short name for messages and `--json` output (`finnhub`, `simulated`, `alpaca`).
    var name: String { get }

    /// The quotes of `symbols`, asking for as many as the source's rate limit allows now, in the
    /// order given (a caller puts the ones it most wants refreshed first); the rest are
    /// `.deferred`. Every symbol given has an outcome.
    func quotes(_ symbols: [Symbol], now: ContinuousClock.Instant) -> [Symbol: QuoteOutcome]
}
