import APIClient
import FoundationEssentials
import StrategyKit
import Synchronization
import Wire

/// Runs Alpaca commands: sends the key id and secret, picks the trading or market-data
/// transport, turns error statuses into `AlpacaError`s, decodes, retries what may be retried,
/// and honours the rate limit's `X-Ratelimit-Reset` and `Retry-After`.
///
/// Reads and cancels are retried on transport failures, 5xx and 429 within `policy` (after a
/// 429, no request of this invoker goes out before the reset). A placement is retried only when
/// it certainly did not reach the API (no connection, or 429); once it may have, its failure is
/// returned for `AlpacaClient.place(_:)` to settle by its client order id. Safe to share.
public final class AlpacaInvoker: Sendable {
    /// The trading API's transport and base path.
    public let trading: AlpacaEndpoint
    /// The market-data API's transport and base path.
    public let marketData: AlpacaEndpoint
    /// Time-outs and retries.
    public let policy: RetryPolicy
    /// The request rate this side keeps to (Alpaca allows 200 a minute); nil for none.
    public let rateLimiter: RateLimiter?
    /// The key id and secret, sent with every call and in the streams' `auth` messages.
    let credentials: AlpacaCredentials
    private let log: (@Sendable (String) -> Void)?
    private let wallClock: @Sendable () -> Timestamp
    /// No request goes out before this wall-clock time (ns), set from a 429's reset.
    private let blockedUntil = Mutex<Int64>(0)

    /// An invoker over the two endpoints, sending `credentials` with every call and handing
    /// one line per attempt (never a key) to `log`.
    public init(
        trading: AlpacaEndpoint, marketData: AlpacaEndpoint, credentials: AlpacaCredentials, policy: RetryPolicy = .standard,
        rateLimiter: RateLimiter? = nil, log: (@Sendable (String) -> Void)? = nil, wallClock: @escaping @Sendable () -> Timestamp = WallClock.now
    ) {
        self.trading = trading
        self.marketData = marketData
        self.credentials = credentials
        self.policy = policy
        self.rateLimiter = rateLimiter
        self.log = log
        self.wallClock = wallClock
    }

    /// Runs `command` and returns its decoded result, or the typed error of its last attempt.
    public func run<C: AlpacaCommand>(_ command: C) async throws(AlpacaError) -> C.Result {
        let endpoint = command.api == .trading ? trading : marketData
        let started = ContinuousClock.now
        var request = TransportRequest(
            method: command.method, path: endpoint.basePath + command.path, body: command.body ?? [],
            credentials: credentials.headers, timeout: policy.attemptTimeout)
        var attempt = 0
        while true {
            attempt += 1
            await rateLimiter?.acquire(nil)
            await waitForRateLimit()
            let attemptStart = ContinuousClock.now
            let error: AlpacaError
            do throws(AlpacaError) {
                let result = try await attemptOnce(command, request, endpoint)
                record(command, attempt, attemptStart, nil)
                return result
            } catch let failure {
                error = failure
            }
            record(command, attempt, attemptStart, error)
            let mayRepeat = command.isPlacement ? Self.placementMayRepeat(error) : error.isTransient
            guard mayRepeat, attempt < policy.maxAttempts, !Task.isCancelled else { throw error }
            var wait = policy.backoff(afterAttempt: attempt, jitter: Double.random(in: 0..<1))
            if case .rateLimited = error { wait = max(wait, rateLimitWait()) }
            let remaining = policy.totalBudget - (ContinuousClock.now - started) - wait
            guard remaining > .zero else { throw error }
            request.timeout = min(policy.attemptTimeout, remaining)
            // A cancelled caller gets the failure it would have got without retries.
            let lastError = error
            do { try await Task.sleep(for: wait) } catch { throw lastError }
        }
    }

    /// A placement is repeated only when the API certainly did not act on it.
    static func placementMayRepeat(_ error: AlpacaError) -> Bool {
        switch error {
        case .rateLimited: return true
        case .transport(.couldNotConnect), .transport(.tlsHandshakeFailed): return true
        default: return false
        }
    }

    private func attemptOnce<C: AlpacaCommand>(_ command: C, _ request: TransportRequest, _ endpoint: AlpacaEndpoint)
        async throws(AlpacaError) -> C.Result
    {
        let response: TransportResponse
        do throws(TransportError) {
            response = try await endpoint.transport.send(request)
        } catch {
            throw .transport(error)
        }
        let name = command.description
        guard (200..<300).contains(response.status) else {
            let error = AlpacaErrorBody.error(status: response.status, body: response.body, headers: response.headers, endpoint: name)
            if case .rateLimited(_, let reset, _) = error {
                block(untilEpochSeconds: reset, retryAfter: response.headers["retry-after"].flatMap { Int64($0.trimmingWhitespace) })
            }
            throw error
        }
        return try response.body.withUnsafeBytes { body -> Result<C.Result, AlpacaError> in
            do throws(JSONReadError) {
                return .success(try command.decode(body))
            } catch {
                return .failure(.undecodable(endpoint: name, reason: error.description))
            }
        }.get()
    }

    /// Holds every request until `reset` (`X-Ratelimit-Reset`, epoch seconds) and for
    /// `retryAfter` seconds (`Retry-After`), whichever is later, or for a second when the API
    /// gave neither.
    private func block(untilEpochSeconds reset: Int64?, retryAfter: Int64?) {
        let now = wallClock().nanoseconds
        let untilReset = reset.map { $0 * 1_000_000_000 }
        let untilRetry = retryAfter.map { now + max(0, min($0, 3_600)) * 1_000_000_000 }
        let until = max(untilReset ?? .min, untilRetry ?? .min, untilReset == nil && untilRetry == nil ? now + 1_000_000_000 : .min)
        blockedUntil.withLock { $0 = max($0, until) }
    }

    /// How long requests are still held by a rate limit.
    private func rateLimitWait() -> Duration {
        let left = blockedUntil.withLock { $0 } - wallClock().nanoseconds
        return left > 0 ? .nanoseconds(left) : .zero
    }

    private func waitForRateLimit() async {
        let wait = rateLimitWait()
        guard wait > .zero else { return }
        // Cancellation only shortens the wait; the caller sees it at its next suspension point.
        try? await Task.sleep(for: wait)
    }

    private func record(_ command: some AlpacaCommand, _ attempt: Int, _ start: ContinuousClock.Instant, _ error: AlpacaError?) {
        guard let log else { return }
        let elapsed = ContinuousClock.now - start
        let micros = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        log("alpaca \(command) attempt \(attempt) \(micros)µs \(error.map { "failed: \($0)" } ?? "ok")")
    }
}
