import APIClient
import HTTP
import StrategyKit
import Wire

/// Runs EDGAR commands: sends the `User-Agent` and `Accept-Encoding: gzip`, picks the site's
/// or the data host's transport, keeps to EDGAR's 10 requests a second across the process,
/// inflates gzip bodies, turns error statuses into `EdgarError`s naming the call, decodes, and
/// retries what may be retried.
///
/// Every call is a read, so every transient failure (a transport failure the transport deems
/// transient, 5xx, 429) is retried within `policy`; after a 429 or 503 the wait is at least
/// its `Retry-After` (seconds, at most a minute). 404 is `notFound`, 403 `forbidden`; neither
/// is retried. Safe to share.
public final class EdgarInvoker: Sendable {
    /// EDGAR's limit for one client, 10 requests a second, shared by every invoker in the
    /// process that is not given another limiter.
    public static let processRateLimiter = RateLimiter(ratePerSecond: 10, burst: 10)
    /// The largest body a gzip response may inflate to (a large filer's company facts are
    /// tens of megabytes).
    public static let defaultMaximumBodySize = 128 * 1024 * 1024

    /// The site (`https://www.sec.gov`): the company list and the filings' documents.
    public let site: EdgarEndpoint
    /// The data host (`https://data.sec.gov`): submissions and facts.
    public let data: EdgarEndpoint
    public let userAgent: EdgarUserAgent
    /// Time-outs and retries.
    public let policy: RetryPolicy
    /// The request rate this invoker keeps to.
    public let rateLimiter: RateLimiter
    private let maximumBodySize: Int
    private let log: (@Sendable (String) -> Void)?

    /// An invoker over the two hosts, sending `userAgent` with every call and handing one line
    /// per attempt to `log`.
    public init(
        site: EdgarEndpoint, data: EdgarEndpoint, userAgent: EdgarUserAgent, policy: RetryPolicy = .standard,
        rateLimiter: RateLimiter = EdgarInvoker.processRateLimiter, maximumBodySize: Int = EdgarInvoker.defaultMaximumBodySize,
        log: (@Sendable (String) -> Void)? = nil
    ) {
        self.site = site
        self.data = data
        self.userAgent = userAgent
        self.policy = policy
        self.rateLimiter = rateLimiter
        self.maximumBodySize = maximumBodySize
        self.log = log
    }

    /// The context decoders get: documents live under the site's base URL.
    public var decodeContext: EdgarDecodeContext { EdgarDecodeContext(siteBaseURL: site.baseURL) }

    /// Runs `command` and returns its decoded result, or the typed error of its last attempt.
    public func run<C: EdgarCommand>(_ command: C) async throws(EdgarError) -> C.Result {
        let host = command.host == .site ? site : data
        let started = ContinuousClock.now
        var request = TransportRequest(
            method: .get, path: host.endpoint.basePath + command.path,
            headers: ["User-Agent": userAgent.value, "Accept-Encoding": "gzip"], timeout: policy.attemptTimeout)
        var attempt = 0
        while true {
            attempt += 1
            await rateLimiter.acquire(nil)
            let attemptStart = ContinuousClock.now
            let error: EdgarError
            do throws(EdgarError) {
                let result = try await attemptOnce(command, request, host)
                record(command, attempt, attemptStart, nil, wait: nil)
                return result
            } catch let failure {
                error = failure
            }
            guard error.isTransient, attempt < policy.maxAttempts, !Task.isCancelled else {
                record(command, attempt, attemptStart, error, wait: nil)
                throw error
            }
            var wait = policy.backoff(afterAttempt: attempt, jitter: Double.random(in: 0..<1))
            if case .rateLimited(_, _, let retryAfter?) = error { wait = max(wait, .seconds(min(retryAfter, 60))) }
            let remaining = policy.totalBudget - (ContinuousClock.now - started) - wait
            guard remaining > .zero else {
                record(command, attempt, attemptStart, error, wait: nil)
                throw error
            }
            record(command, attempt, attemptStart, error, wait: wait)
            request.timeout = min(policy.attemptTimeout, remaining)
            // A cancelled caller gets the failure it would have got without retries.
            let lastError = error
            do { try await Task.sleep(for: wait) } catch { throw lastError }
        }
    }

    private func attemptOnce<C: EdgarCommand>(_ command: C, _ request: TransportRequest, _ host: EdgarEndpoint)
        async throws(EdgarError) -> C.Result
    {
        let call = command.description
        let response: TransportResponse
        do throws(TransportError) {
            response = try await host.transport.send(request)
        } catch {
            throw .transport(call: call, error)
        }
        guard response.status == 200 else { throw Self.error(call: call, response) }
        var body = response.body
        if response.headers["content-encoding"]?.trimmingWhitespace.lowercased() == "gzip" {
            do throws(GzipCoding.Failure) {
                body = try GzipCoding.inflate(body, maximumSize: maximumBodySize)
            } catch {
                throw .undecodable(call: call, reason: error.description)
            }
        }
        let context = decodeContext
        return try body.withUnsafeBytes { bytes -> Result<C.Result, EdgarError> in
            do throws(JSONReadError) {
                return .success(try command.decode(bytes, context: context))
            } catch {
                return .failure(.undecodable(call: call, reason: error.description))
            }
        }.get()
    }

    /// The error a non-200 answer to `call` means.
    static func error(call: String, _ response: TransportResponse) -> EdgarError {
        switch response.status {
        case 404: return .notFound(call: call)
        case 403: return .forbidden(call: call, message: quote(response.body))
        case 429, 503:
            let retryAfter = response.headers["retry-after"].flatMap { Int64($0.trimmingWhitespace) }.map { max(0, $0) }
            return .rateLimited(call: call, status: response.status, retryAfter: retryAfter)
        default: return .server(call: call, status: response.status, message: quote(response.body))
        }
    }

    /// The start of a body, on one line, for an error message.
    private static func quote(_ body: [UInt8]) -> String {
        String(decoding: body.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    private func record(_ command: some EdgarCommand, _ attempt: Int, _ start: ContinuousClock.Instant, _ error: EdgarError?, wait: Duration?) {
        guard let log else { return }
        let millis = DurationText.wholeMilliseconds(ContinuousClock.now - start)
        let retry = wait.map { ", retrying in \(DurationText.describe($0))" } ?? ""
        log("edgar \(command) attempt \(attempt) \(millis)ms \(error.map { "failed: \($0)\(retry)" } ?? "ok")")
    }
}
