import APIClient
import Foundation
@testable import Edgar
import StrategyKit
import Synchronization
import TestSupport
import Testing
import Wire

@Suite(.timeLimit(.minutes(10))) struct ClientTests {
    private static let agent = "Tickwork tests tests@example.com"
    // A budget no loaded machine runs out of: under the whole suite a retry may wait minutes
    // for a thread, and the tests are about which attempts are made, not how fast.
    private static let policy = RetryPolicy(attemptTimeout: .seconds(30), maxAttempts: 3, initialBackoff: .milliseconds(5), totalBudget: .seconds(600))

    private func withFake(_ body: (FakeEdgar) async throws -> Void) async throws {
        let fake = try FakeEdgar()
        defer { fake.stop() }
        try await body(fake)
    }

    private func client(
        _ fake: FakeEdgar, limiter: RateLimiter = RateLimiter(ratePerSecond: 1_000, burst: 1_000), cache: TickerCache? = nil,
        clock: @escaping @Sendable () -> Timestamp = WallClock.now, log: (@Sendable (String) -> Void)? = nil
    ) throws -> EdgarClient {
        let invoker = EdgarInvoker(
            site: try EdgarEndpoint(baseURL: fake.baseURL, timeout: .seconds(5)), data: try EdgarEndpoint(baseURL: fake.baseURL, timeout: .seconds(5)),
            userAgent: try EdgarUserAgent(Self.agent), policy: Self.policy, rateLimiter: limiter, log: log)
        return EdgarClient(invoker: invoker, tickerCache: cache, wallClock: clock)
    }

    @Test func chainGoesOnPastAnUnlistedTickerA404AndA500SayingSoPerStep() async throws {
        try await withFake { fake in
            fake.state.withLock { $0.faults["/submissions/CIK0001652044.json"] = [500, 500, 500] }
            var heard: [Int] = []
            let report = try await client(fake).filings(tickers: ["AAPL", "NOPE", "BRK.B", "GOOGL", "MSFT"], olderPages: 1) {
                heard.append($0.index)
            }
            #expect(report.steps.map(\.description) == [
                "GET /files/company_tickers.json",
                "AAPL: GET /submissions/CIK0000320193.json",
                "AAPL: GET /submissions/CIK0000320193-submissions-001.json",
                "NOPE: look up its CIK",
                "BRK.B: GET /submissions/CIK0001067983.json",
                "GOOGL: GET /submissions/CIK0001652044.json",
                "MSFT: GET /submissions/CIK0000789019.json",
            ])
            #expect(heard == Array(0..<7) && report.hasFailures)
            let failures = report.steps.compactMap { step -> String? in
                if case .failure(let error) = step.outcome { "\(error)" } else { nil }
            }
            #expect(failures == [
                "NOPE: not in EDGAR's company list",
                "GET /submissions/CIK0001067983.json: not found (404)",
                "GET /submissions/CIK0001652044.json: HTTP 500: fault 500",
            ])
            #expect(report.companies.map(\.name) == ["Apple Inc.", "MICROSOFT CORP"])
            #expect(report.companies[0].filings.map(\.form) == ["8-K", "4", "10-K"], "the older page's filing after the recent ones")
            #expect(report.companies[0].filings[0].documentURL == fake.baseURL + "/Archives/edgar/data/320193/000032019324000123/aapl-20241031.htm")
            #expect(fake.requests.filter { $0 == "/submissions/CIK0001652044.json" }.count == 3, "a 500 is retried within the policy")
        }
    }

    @Test func theRateLimitIsSharedAcrossTwoChains() async throws {
        try await withFake { fake in
            // A frozen clock: the bucket never refills, so a wait is handed out exactly when
            // the requests of both chains together pass the burst.
            let frozen = ContinuousClock.now
            let alone = RateLimiter(ratePerSecond: 10, burst: 3, now: { frozen })
            _ = try await client(fake, limiter: alone).filings(tickers: ["MSFT"])
            #expect(alone.acquisitions == 2 && alone.waited == .zero, "one chain of two requests stays within a burst of 3")

            let shared = RateLimiter(ratePerSecond: 10, burst: 3, now: { frozen })
            let first = try client(fake, limiter: shared), second = try client(fake, limiter: shared)
            async let one = first.filings(tickers: ["MSFT"])
            async let two = second.filings(tickers: ["MSFT"])
            let reports = await [one, two]
            #expect(reports.allSatisfy { !$0.hasFailures })
            #expect(shared.acquisitions == 4 && fake.requests.count == 6)
            #expect(shared.waited > .zero, "the fourth request of the two chains waited on the shared bucket")
            #expect(EdgarInvoker.processRateLimiter.count == 10 && EdgarInvoker.processRateLimiter.period == .seconds(1))
        }
    }

    @Test func documentURLsStartWithTheSiteAsUsersWriteIt() throws {
        #expect(try EdgarEndpoint(baseURL: "https://www.sec.gov/", timeout: .seconds(1)).baseURL == "https://www.sec.gov")
        #expect(try EdgarEndpoint(baseURL: "http://127.0.0.1:8080/sim", timeout: .seconds(1)).baseURL == "http://127.0.0.1:8080/sim")
    }

    @Test func gzipBodiesAreInflated() async throws {
        try await withFake { fake in
            fake.state.withLock { $0.gzips = true }
            let facts = try await client(fake).companyFacts(try #require(CIK(320193)))
            #expect(facts.facts.count == 5 && fake.state.withLock { $0.gzipped } == 1)
        }
    }

    @Test func a429IsRetriedAfterItsRetryAfter() async throws {
        try await withFake { fake in
            fake.state.withLock {
                $0.faults["/submissions/CIK0000789019.json"] = [429]
                $0.retryAfter = "1"
            }
            let lines = Mutex<[String]>([])
            let submissions = try await client(fake, log: { line in lines.withLock { $0.append(line) } })
                .submissions(try #require(CIK(789019)))
            #expect(submissions.name == "MICROSOFT CORP" && fake.requests.count == 2)
            let log = lines.withLock { $0 }
            #expect(log.count == 2 && log[0].contains("rate limited (429), retry after 1 s, retrying in 1s"), "\(log)")
        }
    }

    @Test func aMissingConceptIsNotFound() async throws {
        try await withFake { fake in
            await #expect(throws: EdgarError.notFound(call: "GET /api/xbrl/companyconcept/CIK0000320193/us-gaap/Nothing.json")) {
                _ = try await client(fake).companyConcept(try #require(CIK(320193)), concept: "Nothing")
            }
            #expect(fake.requests.count == 1, "a 404 is not retried")
        }
    }

    @Test func aMissingOrAddresslessUserAgentIsRefusedBeforeAnyRequest() async throws {
        try await withFake { fake in
            for agent: String? in [nil, "", "  ", "Jane Doe", "Jane Doe jane@localhost"] {
                #expect(throws: EdgarError.self) { _ = try EdgarClient(userAgent: agent, siteURL: fake.baseURL, dataURL: fake.baseURL) }
            }
            do {
                _ = try EdgarClient(userAgent: "", siteURL: fake.baseURL, dataURL: fake.baseURL)
            } catch {
                #expect(!"\(error)".contains("\n") && "\(error)".contains(EdgarUserAgent.environmentVariable))
            }
            #expect(fake.requests.isEmpty)
            let client = try EdgarClient(userAgent: "Jane Doe (jane@example.com)", siteURL: fake.baseURL, dataURL: fake.baseURL)
            _ = try await client.companyTickers()
            #expect(fake.state.withLock { $0.userAgents } == ["Jane Doe (jane@example.com)"])
        }
    }

    @Test func theCompanyListIsCachedWhileFresh() async throws {
        try await withFake { fake in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let now = Mutex(Timestamp(iso8601: "2026-12-06T20:00:00Z")!)
            let client = try client(fake, cache: TickerCache(directory: directory.path + "/state"), clock: { now.withLock { $0 } })
            let first = try await client.companyTickers()
            now.withLock { $0 = $0.advanced(byMilliseconds: 23 * 3_600_000) }
            let second = try await client.companyTickers()
            #expect(!first.fromCache && second.fromCache && second.tickers == first.tickers)
            #expect(second.fetchedAt == Timestamp(iso8601: "2026-12-06T20:00:00Z"))
            #expect(fake.requests == ["/files/company_tickers.json"])
            now.withLock { $0 = $0.advanced(byMilliseconds: 2 * 3_600_000) }
            #expect(try await !client.companyTickers().fromCache, "stale after a day")
            #expect(fake.requests.count == 2)
        }
    }

    @Test func aDamagedCacheIsFetchedAgainAndRewritten() async throws {
        try await withFake { fake in
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let cache = TickerCache(directory: directory.path)
            // Fetched an hour before the client's time: fresh, were it whole.
            try Data(#"{"fetchedAt":"2026-12-06T20:00:00Z","tickers":{"0":"#.utf8).write(to: URL(fileURLWithPath: cache.path))
            let client = try client(fake, cache: cache, clock: { Timestamp(iso8601: "2026-12-06T21:00:00Z")! })
            #expect(try await !client.companyTickers().fromCache && fake.requests.count == 1)
            #expect(try await client.companyTickers().tickers.count == 5 && fake.requests.count == 1, "read back from the rewritten file")
        }
    }
}
