import APIClient
import Foundation
import HTTP
import StockFighter
import StrategyKit
import Synchronization
import Testing

/// Collects the invoker's log entries.
final class LogCollector: Sendable {
    private let entries = Mutex<[ExchangeLogEntry]>([])
    var all: [ExchangeLogEntry] { entries.withLock { $0 } }
    var handler: ExchangeLogHandler { { entry in self.entries.withLock { $0.append(entry) } } }
}

/// Short back-offs so that every fault ends quickly. A fault that ends in a time-out (silence,
/// a drip) needs a short attempt time-out too. A fault the server answers gets 10 s, so that a
/// thread starved for a moment never turns the answer into a time-out. The total budget is
/// generous on purpose: in the full suite, tests that block the concurrency pool's two threads
/// (spawned processes, waits) can delay a retry's continuation by many seconds, and these tests
/// count attempts, they do not time them.
func faultPolicy(timingOut: Bool = false) -> RetryPolicy {
    RetryPolicy(
        attemptTimeout: timingOut ? .milliseconds(400) : .seconds(10), maxAttempts: 3,
        initialBackoff: .milliseconds(10), maxBackoff: .milliseconds(40), totalBudget: .seconds(300))
}
let secretKey = APIKey("SECRET-KEY-d41d8cd98f00")
let placeFoobar = PlaceOrder(venue: "TESTEX", account: "EXB123456", symbol: "FOOBAR", side: .buy, price: 5100, qty: 100)

/// An invoker for `server`'s port and base path.
func invoker(_ server: MisbehavingServer, log: LogCollector, policy: RetryPolicy? = nil) throws -> CommandInvoker {
    try invoker(port: server.port, basePath: server.basePath, log: log, policy: policy)
}

func invoker(port: UInt16, basePath: String = "/ob/api", log: LogCollector, policy: RetryPolicy? = nil) throws -> CommandInvoker {
    let policy = policy ?? faultPolicy()
    let transport = try ExchangeEndpoint(baseURL: "http://127.0.0.1:\(port)/ob/api").makeTransport(timeout: policy.attemptTimeout)
    return CommandInvoker(transport: transport, basePath: basePath, apiKey: secretKey, policy: policy, log: log.handler)
}

/// Runs `command`, returning its error (nil on success).
func failure<C: ExchangeCommand>(_ invoker: CommandInvoker, _ command: C) async -> ExchangeError? {
    do {
        _ = try await invoker.run(command)
        return nil
    } catch {
        return error
    }
}

@Suite(.timeLimit(.minutes(10))) struct FaultTests {
    @Test func refusedConnectionIsCouldNotConnectRetriedForReadsNotForPlaces() async throws {
        try await MisbehavingServer.withRefusingPort { port in
            let log = LogCollector()
            let client = try invoker(port: port, log: log)
            let foobarBookError = await failure(client, foobarBook)
            guard case .transport(.couldNotConnect) = foobarBookError else { Issue.record("read not couldNotConnect: \(String(describing: foobarBookError))"); return }
            #expect(log.all.count == 3)
            let placeFoobarError = await failure(client, placeFoobar)
            guard case .transport(.couldNotConnect) = placeFoobarError else { Issue.record("place not couldNotConnect: \(String(describing: placeFoobarError))"); return }
            #expect(log.all.count == 4)
        }
    }

    @Test func silentServerTimesOutRetryingReadsButPlaceReportsOutcomeUnknown() async throws {
        let server = try MisbehavingServer(.silent)
        defer { server.stop() }
        let client = try invoker(server, log: LogCollector(), policy: faultPolicy(timingOut: true))
        let foobarBookError = await failure(client, foobarBook)
        guard case .transport(.timedOut) = foobarBookError else { Issue.record("read did not time out: \(String(describing: foobarBookError))"); return }
        #expect(try await server.requests(reaching: 3).count == 3)
        let placed = await failure(client, placeFoobar)
        guard case .outcomeUnknown(let unknown) = placed else { Issue.record("place gave \(String(describing: placed))"); return }
        #expect(unknown.order == placeFoobar && unknown.sentAfter <= unknown.failedAt)
        #expect(try await server.requests(reaching: 4).count == 4)
    }

    @Test func closeMidResponseIsConnectionLostRetryingReadsButPlaceReportsOutcomeUnknown() async throws {
        let server = try MisbehavingServer(.closeMidResponse)
        defer { server.stop() }
        let client = try invoker(server, log: LogCollector())
        let foobarBookError = await failure(client, foobarBook)
        guard case .transport(.connectionLost) = foobarBookError else { Issue.record("read not connectionLost: \(String(describing: foobarBookError))"); return }
        let reads = server.requests.count
        #expect(reads >= 3)
        let placeFoobarError = await failure(client, placeFoobar)
        guard case .outcomeUnknown = placeFoobarError else { Issue.record("place not outcomeUnknown: \(String(describing: placeFoobarError))"); return }
        #expect(server.requests.count == reads + 1)
    }

    /// A gateway's 502 may come after the exchange placed the order: a read is retried, a
    /// placement is sent once and its outcome is unknown.
    @Test func htmlBadGatewayIsHTTPStatusQuotingThePageRetriedForReadsAndUnknownForPlaces() async throws {
        let page = "<html><body><h1>502 Bad Gateway</h1></body></html>"
        let server = try MisbehavingServer(.respond(status: 502, body: page))
        defer { server.stop() }
        let client = try invoker(server, log: LogCollector())
        #expect(await failure(client, foobarBook) == ExchangeError.httpStatus(502, message: "non-JSON body: \"\(page)\""))
        #expect(server.requests.count == 3)
        let placed = await failure(client, placeFoobar)
        guard case .outcomeUnknown(let unknown) = placed else { Issue.record("place gave \(String(describing: placed))"); return }
        #expect(unknown.cause == "HTTP 502: non-JSON body: \"\(page)\"")
        #expect(server.requests.count == 4)
    }

    /// A 200 whose body is not the order the API promises: the order was placed all the same.
    @Test func anUnreadableAnswerToAPlacementIsUnknownNotRejected() async throws {
        let server = try MisbehavingServer(.respond(status: 200, body: #"{"ok":true,"id":"not a number"}"#))
        defer { server.stop() }
        let client = try invoker(server, log: LogCollector())
        let placed = await failure(client, placeFoobar)
        guard case .outcomeUnknown = placed else { Issue.record("place gave \(String(describing: placed))"); return }
        #expect(server.requests.count == 1)
    }

    @Test func dripTooSlowTimesOutRetryingReadsButPlaceReportsOutcomeUnknown() async throws {
        let server = try MisbehavingServer(.drip(status: 200, body: Fixtures.book, interval: .milliseconds(30)))
        defer { server.stop() }
        let client = try invoker(server, log: LogCollector(), policy: faultPolicy(timingOut: true))
        let foobarBookError = await failure(client, foobarBook)
        guard case .transport(.timedOut) = foobarBookError else { Issue.record("read did not time out: \(String(describing: foobarBookError))"); return }
        #expect(try await server.requests(reaching: 3).count == 3)
        let placeFoobarError = await failure(client, placeFoobar)
        guard case .outcomeUnknown = placeFoobarError else { Issue.record("place not outcomeUnknown: \(String(describing: placeFoobarError))"); return }
        #expect(try await server.requests(reaching: 4).count == 4)
    }

    @Test func dripWithinTheBoundSucceeds() async throws {
        let body = #"{"ok":true,"venue":"TESTEX"}"#
        let server = try MisbehavingServer(.drip(status: 200, body: body, interval: .milliseconds(1)))
        defer { server.stop() }
        let client = try invoker(server, log: LogCollector(), policy: RetryPolicy(attemptTimeout: .seconds(10), maxAttempts: 1))
        #expect(try await client.run(VenueHeartbeat(venue: "TESTEX")) == "TESTEX")
    }

    @Test func okFalseUnder200IsRejectedAndNeverRetried() async throws {
        let server = try MisbehavingServer(.respond(status: 200, body: #"{"ok":false,"error":"venue is closed"}"#))
        defer { server.stop() }
        let client = try invoker(server, log: LogCollector())
        #expect(await failure(client, foobarBook) == .rejected(status: 200, message: "venue is closed"))
        #expect(await failure(client, placeFoobar) == .rejected(status: 200, message: "venue is closed"))
        #expect(server.requests.count == 2)
    }

    @Test func apiKeyIsSentButNeverLoggedOrInErrors() async throws {
        let server = try MisbehavingServer(.respond(status: 401, body: #"{"ok":false,"error":"not yours"}"#))
        defer { server.stop() }
        let log = LogCollector()
        let client = try invoker(server, log: log)
        let error = await failure(client, placeFoobar)
        #expect(error == .unauthorized(message: "not yours"))
        _ = await failure(client, foobarBook)
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[0].contains("\(TransportRequest.authorizationHeader): \(secretKey.secret)"))
        #expect(!requests[1].contains(secretKey.secret))
        let printed = log.all.map { "\($0) \(String(reflecting: $0))" } + ["\(String(describing: error))", "\(client)", "\(secretKey)"]
        #expect(!printed.isEmpty && printed.allSatisfy { !$0.contains(secretKey.secret) })
        #expect(log.all.map(\.attempt) == [1, 1] && log.all.allSatisfy { $0.status == 401 || $0.status == 200 })
    }

    @Test func retriesStopWhenTheTotalBudgetIsSpentBeforeTheAttemptLimit() async throws {
        let server = try MisbehavingServer(.silent)
        defer { server.stop() }
        let policy = RetryPolicy(
            attemptTimeout: .milliseconds(300), maxAttempts: 50, initialBackoff: .milliseconds(10), maxBackoff: .milliseconds(20),
            totalBudget: .seconds(1))
        let log = LogCollector()
        let client = try invoker(server, log: log, policy: policy)
        guard case .transport(.timedOut) = await failure(client, foobarBook) else { Issue.record("did not time out"); return }
        // About three attempts fit in the budget; a loaded machine may fit fewer, never 50.
        #expect((1...5).contains(log.all.count))
    }
}
