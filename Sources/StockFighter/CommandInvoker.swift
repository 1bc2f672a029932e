import APIClient
import StrategyKit
import Wire

/// Runs exchange commands on a transport: adds the key, waits for the venue's rate limit,
/// checks the response envelope, decodes, retries what may be retried, and logs every attempt.
///
/// Reads and cancels are retried on transport failures and 5xx with exponential back-off and
/// jitter, within `policy`. `PlaceOrder` is sent once: any failure after the request may have
/// reached the exchange that is not a refusal (a time-out, a lost connection, a 5xx, an
/// unreadable 2xx answer: `ExchangeError.mayHavePlaced`) yields `outcomeUnknown`, which
/// `resolve(_:)` settles. Safe to share between tasks;
/// calls run concurrently up to what the transport allows.
public final class CommandInvoker: Sendable {
    /// The transport requests go through.
    public let transport: any ExchangeTransport
    /// The API's base path on the server, e.g. `/ob/api`.
    public let basePath: String
    /// The base path of the StockFighter API when a base URL names none.
    public static let defaultBasePath = "/ob/api"
    /// Time-outs and retries.
    public let policy: RetryPolicy
    /// The rate limit shared by everything using this invoker; nil for none.
    public let rateLimiter: RateLimiter?
    private let apiKey: APIKey?
    private let log: ExchangeLogHandler?
    private let wallClock: @Sendable () -> Timestamp

    /// An invoker over `transport`; `apiKey` is sent only with calls that need it.
    public init(
        transport: any ExchangeTransport, basePath: String = defaultBasePath, apiKey: APIKey?,
        policy: RetryPolicy = .standard, rateLimiter: RateLimiter? = nil, log: ExchangeLogHandler? = nil,
        wallClock: @escaping @Sendable () -> Timestamp = WallClock.now
    ) {
        self.transport = transport
        self.basePath = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        self.apiKey = apiKey
        self.policy = policy
        self.rateLimiter = rateLimiter
        self.log = log
        self.wallClock = wallClock
    }

    /// Runs `command` and returns its decoded result, or the typed error of its last attempt.
    public func run<C: ExchangeCommand>(_ command: C) async throws(ExchangeError) -> C.Result {
        let mayRepeat = !(command is PlaceOrder)
        let started = ContinuousClock.now
        var request = TransportRequest(
            method: command.method, path: basePath + command.path, body: command.body ?? [],
            apiKey: command.requiresKey ? apiKey : nil, timeout: policy.attemptTimeout)
        var attempt = 0
        while true {
            attempt += 1
            await rateLimiter?.acquire(command.rateLimitVenue)
            let sentAfter = wallClock()
            let attemptStart = ContinuousClock.now
            var status: Int?
            do throws(ExchangeError) {
                let response: TransportResponse
                do throws(TransportError) {
                    response = try await transport.send(request)
                } catch {
                    throw .transport(error)
                }
                status = response.status
                let result = try Self.decode(command, response, context: DecodeContext(receivedAt: wallClock()))
                record(command, attempt, since: attemptStart, status: status, error: nil)
                return result
            } catch {
                record(command, attempt, since: attemptStart, status: status, error: error)
                if !mayRepeat, error.mayHavePlaced, let place = command as? PlaceOrder {
                    throw .outcomeUnknown(UnknownPlacement(
                        order: place, sentAfter: sentAfter, failedAt: wallClock(), cause: error.description))
                }
                guard mayRepeat, error.isTransient, attempt < policy.maxAttempts, !Task.isCancelled else { throw error }
                let wait = policy.backoff(afterAttempt: attempt, jitter: Double.random(in: 0..<1))
                let remaining = policy.totalBudget - (ContinuousClock.now - started) - wait
                guard remaining > .zero else { throw error }
                request.timeout = min(policy.attemptTimeout, remaining)
                let lastError = error
                // A cancelled caller gets the failure it would have got without retries.
                do { try await Task.sleep(for: wait) } catch { throw lastError }
            }
        }
    }

    /// Checks `response`'s envelope and decodes it as `command`'s result.
    static func decode<C: ExchangeCommand>(_ command: C, _ response: TransportResponse, context: DecodeContext)
        throws(ExchangeError) -> C.Result
    {
        try response.body.withUnsafeBytes { body -> Result<C.Result, ExchangeError> in
            do throws(ExchangeError) {
                try ResponseEnvelope.check(status: response.status, body: body)
                return .success(try command.decode(body, context: context))
            } catch {
                return .failure(error)
            }
        }.get()
    }

    private func record(_ command: some ExchangeCommand, _ attempt: Int, since start: ContinuousClock.Instant, status: Int?, error: ExchangeError?) {
        guard let log else { return }
        log(ExchangeLogEntry(
            command: command.description, attempt: attempt, duration: ContinuousClock.now - start, status: status,
            error: error))
    }
}
