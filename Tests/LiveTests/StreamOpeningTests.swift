import Alpaca
import APIClient
import Brokerage
import Glibc
import Lifecycle
import Live
import StockFighter
import StrategyKit
import Testing
import TestSupport

/// Opening a push stream leaves the caller's thread free while the far side is slow: the runner
/// opens it from its one executor thread, which also runs the engine loop and the pollers, so a
/// connect or upgrade waited for on that thread would stop trading until the host answered or
/// the connect timed out.
@Suite(.timeLimit(.minutes(10))) struct StreamOpeningTests {
    /// Runs `open` on a one-thread executor against a host that takes the connection and never
    /// answers the upgrade, and returns whether another task of that thread ran while the
    /// opening was still waiting. The test's own waits run on a second thread of their own: a
    /// full suite keeps the task pool busy for seconds at a time, longer than the client's
    /// 5-second upgrade deadline.
    static func threadIsFreeWhileOpening(_ listener: Int32, open: @escaping @Sendable () async -> Void) async throws -> Bool {
        let executor = ThreadExecutor(name: "open-test")
        let watcher = ThreadExecutor(name: "open-watch")
        defer {
            executor.shutDown()
            watcher.shutDown()
        }
        return try await withTaskExecutorPreference(watcher) { try await watch(listener, on: executor, open: open) }
    }

    private static func watch(_ listener: Int32, on executor: ThreadExecutor, open: @escaping @Sendable () async -> Void) async throws -> Bool {
        let opened = Locked(false)
        let opening = Task(executorPreference: executor) {
            await open()
            opened.set(true)
        }
        // The opening has connected (the host holds its connection) before the other task is
        // queued behind it.
        _ = fcntl(listener, F_SETFL, O_NONBLOCK)
        var accepted: Int32 = -1
        let connected = await SpawnedProcess.poll(upTo: 10) {
            accepted = accept(listener, nil, nil)
            return accepted >= 0
        }
        try #require(connected, "the opening never connected")
        let freeWhileOpening = await Task(executorPreference: executor) { !opened.get() }.value
        // The host hangs up: the upgrade fails and the opening ends.
        close(accepted)
        await opening.value
        return freeWhileOpening
    }

    @Test func aStockFighterStreamOpensOffTheCallersThread() async throws {
        let (listener, port) = try #require(RawSocket.listenLoopback())
        defer { close(listener) }
        let base = "http://127.0.0.1:\(port)/ob/api"
        let broker = StockFighterBroker(
            client: try StockFighterClient(baseURL: base, apiKey: nil), account: "EXB123456",
            stream: try StockFighterStreamEndpoint(baseURL: base, apiKey: nil))
        let free = try await Self.threadIsFreeWhileOpening(listener) {
            _ = try? await broker.openStream(venue: "TESTEX", symbols: ["FOOBAR"]) { _ in }
        }
        #expect(free)
    }

    @Test func anAlpacaStreamOpensOffTheCallersThread() async throws {
        let (listener, port) = try #require(RawSocket.listenLoopback())
        defer { close(listener) }
        let url = "http://127.0.0.1:\(port)"
        let client = try AlpacaClient(
            tradingURL: url, marketDataURL: url, credentials: AlpacaCredentials(keyID: APIKey("PAPER1"), secret: APIKey("any")))
        let broker = AlpacaBroker(client: client, account: "PAPER1", symbols: ["FOOBAR"])
        let free = try await Self.threadIsFreeWhileOpening(listener) {
            _ = try? await broker.openStream(venue: "TESTEX", symbols: ["FOOBAR"]) { _ in }
        }
        #expect(free)
    }
}
