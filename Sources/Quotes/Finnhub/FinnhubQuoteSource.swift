import Quoting
import StrategyKit
import Synchronization
import Wire

/// Quotes from Finnhub's `/quote`, one call per symbol, under a token bucket: a symbol for
/// which no call is left now is `.deferred`, never waited for, so a live view stays responsive
/// and shows the age of the quote it already has. On 429 it stops asking for a back-off that
/// doubles from 5 s up to a minute and is forgotten after the next success.
///
/// The simulated exchange speaks the same API, so pointed at it (with no limit) this is the
/// simulated exchange's source too: one client, tested against the real thing's shapes.
public final class FinnhubQuoteSource: QuoteSource {
    /// Finnhub's free plan: 60 calls a minute.
    public static let freeTierCallsPerMinute = 60
    /// The first back-off after a 429, and the longest.
    static let backoffRange: (first: Duration, longest: Duration) = (.seconds(5), .seconds(60))

    public let name: String
    /// The client its calls go through (the directory refresh uses it too).
    public let client: FinnhubClient
    private let state: Mutex<State>

    private struct State {
        /// Nil for a source without a rate limit (the simulated exchange).
        var bucket: TokenBucket?
        var backoff: Duration?
        var quietUntil: ContinuousClock.Instant?
    }

    /// A source named `name` asking `client`, at most `callsPerMinute` calls a minute (nil for no
    /// limit), one at a time with no burst beyond one call: a minute never sees more.
    public init(name: String, client: FinnhubClient, callsPerMinute: Int?, now: ContinuousClock.Instant = .now) {
        precondition(callsPerMinute.map { $0 > 0 } ?? true, "a rate limit needs a positive rate")
        self.name = name
        self.client = client
        // TokenBucket counts per second: a rate under 60 a minute is rounded up to one a second.
        let bucket = callsPerMinute.map { TokenBucket(ratePerSecond: max(1, $0 / 60), burst: 1, now: now) }
        state = Mutex(State(bucket: bucket))
    }

    public func quotes(_ symbols: [Symbol], now: ContinuousClock.Instant) -> [Symbol: QuoteOutcome] {
        var outcomes: [Symbol: QuoteOutcome] = [:]
        for symbol in symbols where outcomes[symbol] == nil {
            guard mayCall(now: now) else {
                outcomes[symbol] = .deferred
                continue
            }
            do throws(QuoteError) {
                outcomes[symbol] = try quote(symbol).map(QuoteOutcome.quote) ?? .unknown
                state.withLock { $0.backoff = nil }
            } catch .rateLimited(let endpoint) {
                backOff(now: now)
                outcomes[symbol] = .failed(.rateLimited(endpoint: endpoint))
            } catch {
                outcomes[symbol] = .failed(error)
            }
        }
        return outcomes
    }

    /// The quote of `symbol`, nil when Finnhub does not know it (200 with zeros). One call,
    /// outside the rate limit: for the one-off checks of `watch add`.
    public func quote(_ symbol: Symbol) throws(QuoteError) -> DayQuote? {
        let body = try client.get("quote", [("symbol", symbol.rawValue)])
        do throws(JSONReadError) {
            return try FinnhubCodec.quote(symbol, body)
        } catch {
            throw .malformed(endpoint: "\(client.baseURL)/quote", reason: "\(error)")
        }
    }

    /// Whether a call may go out at `now`: no back-off in force and a token in the bucket.
    private func mayCall(now: ContinuousClock.Instant) -> Bool {
        state.withLock { state in
            if let quietUntil = state.quietUntil, now < quietUntil { return false }
            return state.bucket?.take(now: now) ?? true
        }
    }

    private func backOff(now: ContinuousClock.Instant) {
        state.withLock { state in
            let next = state.backoff.map { min($0 * 2, Self.backoffRange.longest) } ?? Self.backoffRange.first
            state.backoff = next
            state.quietUntil = now + next
        }
    }
}

extension FinnhubQuoteSource {
    /// Every symbol of `exchange` (`US`) as directory entries, from `/stock/symbol`. One call,
    /// outside the rate limit.
    public func symbols(exchange: String) throws(QuoteError) -> [DirectoryEntry] {
        let body = try client.get("stock/symbol", [("exchange", exchange)])
        do throws(JSONReadError) {
            return try FinnhubCodec.symbols(body)
        } catch {
            throw .malformed(endpoint: "\(client.baseURL)/stock/symbol", reason: "\(error)")
        }
    }
}
