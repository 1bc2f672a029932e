@testable import APIClient
import StrategyKit
import Testing

@Suite(.timeLimit(.minutes(10))) struct PolicyTests {
    @Test func backoffDoublesFromTheInitialWaitUpToTheCap() {
        let policy = RetryPolicy(initialBackoff: .milliseconds(100), maxBackoff: .milliseconds(500))
        let upper = (1...6).map { policy.backoff(afterAttempt: $0, jitter: 0.999_999) }
        let lower = (1...6).map { policy.backoff(afterAttempt: $0, jitter: 0) }
        #expect(lower == [50, 100, 200, 250, 250, 250].map { Duration.milliseconds($0) })
        for (index, wait) in upper.enumerated() {
            #expect(wait > lower[index] && wait < lower[index] * 2)
        }
    }

    @Test func rateLimiterKeepsOneBucketPerVenueSharedByAllCallers() async {
        let limiter = RateLimiter(ratePerSecond: 1, burst: 2)
        let now = ContinuousClock.now
        // Two callers drain TESTEX's bucket; a third waits about a second, another venue does not.
        await withTaskGroup(of: Duration.self) { group in
            group.addTask { limiter.reserve("TESTEX", now: now) }
            group.addTask { limiter.reserve("TESTEX", now: now) }
            #expect(await group.reduce(into: []) { $0.append($1) } == [.zero, .zero])
        }
        #expect(limiter.reserve("TESTEX", now: now) == .seconds(1))
        #expect(limiter.reserve("OTHER", now: now) == .zero)
        #expect(limiter.reserve(nil, now: now) == .zero)
        #expect(limiter.waited == .seconds(1), "the waits handed out, added up")
    }

    @Test func apiKeyNeverPrintsItsSecret() {
        let key = APIKey("hunter2-secret")
        let printed = ["\(key)", String(reflecting: key), String(describing: Mirror(reflecting: key).children.map(\.value))]
        #expect(printed.allSatisfy { !$0.contains("hunter2") })
    }

    @Test func endpointSpeaksTLSForHTTPSOnly() throws {
        let plain = try ExchangeEndpoint(baseURL: "http://127.0.0.1:8080/ob/api/")
        #expect(plain.basePath == "/ob/api" && plain.port == 8080)
        #expect(try plain.makeTransport(timeout: .seconds(1)).tls == nil)
        let secure = try ExchangeEndpoint(baseURL: "https://api.stockfighter.io", defaultPath: "/ob/api")
        #expect(secure.basePath == "/ob/api" && secure.port == 443)
        #expect(try secure.makeTransport(timeout: .seconds(1)).tls != nil)
        #expect(throws: TransportError.self) { try secure.makeTransport(timeout: .seconds(1), caFile: "/nonexistent/ca.pem") }
        #expect(throws: TransportError.self) { try ExchangeEndpoint(baseURL: "ftp://example.com/ob/api") }
        #expect(throws: TransportError.self) { try ExchangeEndpoint(baseURL: "not a url") }
    }
}
