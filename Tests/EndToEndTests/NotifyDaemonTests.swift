import Foundation
import HTTP
import HTTPTesting
import Ledger
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's notifications as an operator meets them: its start and stop, the ledger failure
/// told before the exit 3 (a webhook that never answers does not hold the exit up), a refusal
/// to trade, and `tickwork notify test`.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct NotifyDaemonTests {
    /// A workspace trading FirstSteps against `exchange` and telling `notify` (a JSON object's text).
    static func workspace(_ exchange: ExchangeFixture, notify: String) throws -> DaemonWorkspace {
        try DaemonWorkspace(exchange: exchange, quantity: 10, extra: ", \"notify\": \(notify)")
    }

    /// The events and titles of the JSON-format notices in `requests`, in order.
    static func notices(_ requests: [HTTPRequest]) -> [String] {
        requests.flatMap { request -> [String] in
            let object = try? JSONSerialization.jsonObject(with: Data(request.body)) as? [String: Any]
            return (object?["notices"] as? [[String: Any]] ?? []).map { "\($0["event"] as? String ?? "?"): \($0["title"] as? String ?? "?")" }
        }
    }

    @Test func aLedgerFailureIsToldBeforeTheDaemonExits3EvenWithAWebhookThatNeverAnswers() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let silent = try SilentListener()
        defer { silent.stop() }
        let workspace = try Self.workspace(exchange, notify: """
            {"webhooks": [
              {"name": "ops", "format": "json", "urlEnv": "OPS_WEBHOOK", "events": ["ledger", "daemon"]},
              {"name": "silent", "format": "slack", "url": "http://\(silent.address)/never", "events": ["ledger", "daemon"]}]}
            """)
        defer { workspace.remove() }
        // A ledger nobody can trust: the daemon cancels the account's orders and exits 3 at start.
        try "not a ledger line\n".write(toFile: workspace.ledger, atomically: true, encoding: .utf8)
        let daemon = try SpawnedProcess(
            ["run", "--config", workspace.config],
            environment: DaemonTests.key.merging(["OPS_WEBHOOK": "http://\(receiver.address)/hook/SECRET"]) { $1 })
        #expect(await daemon.exitStatus(within: 60) == 3, "\(daemon.stderr)")
        // Looked at once the process has gone: what arrived, arrived before the exit.
        let told = Self.notices(receiver.received)
        #expect(told.count == 2, "\(told)")
        #expect(told.first?.hasPrefix("ledger: ledger failed") == true, "\(told)")
        #expect(told.last == "daemon: stopped", "\(told)")
        let body = String(decoding: receiver.received.first?.body ?? [], as: UTF8.self)
        #expect(body.contains(#""exit":"3""#), "\(body)")
        #expect(daemon.stderr.contains("last notice not delivered") && daemon.stderr.contains("webhook=silent"), "\(daemon.stderr)")
        #expect(!daemon.stderr.contains("SECRET") && !daemon.stderr.contains("/never"), "\(daemon.stderr)")
    }

    @Test func aLedgerFailureWhileTradingIsToldBeforeTheDaemonExits3() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let failing = LedgerFailureTests()
        let notify = #", "notify": {"webhooks": [{"format": "json", "url": "http://\#(receiver.address)/", "events": ["ledger", "daemon"]}]}"#
        let workspace = try LedgerFailureTests.Workspace(exchange: exchange, disk: .fileSizeLimit, extra: notify)
        defer { workspace.remove() }
        try failing.provideMarket(exchange)
        // Appends fail from the start (the file-size limit), so the first fill fails the ledger.
        try workspace.disk.fill()
        let daemon = try workspace.disk.spawn(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await daemon.wait(upTo: 30) { ((try? failing.openOrders(exchange)) ?? []).count == 2 }, "no quotes: \(daemon.stderr)")
        #expect(try await failing.tradeThroughTheBid(exchange, daemon: daemon), "no quotes to trade with: \(daemon.stderr)")
        #expect(await daemon.exitStatus(within: 60) == 3, "\(daemon.stderr)")
        let told = Self.notices(receiver.received)
        #expect(told.first == "daemon: started", "\(told)")
        #expect(told.contains { $0.hasPrefix("ledger: ledger failed") }, "\(told)")
        #expect(told.last == "daemon: stopped", "\(told)")
    }

    @Test func notifyTestSendsEachKindToEachWebhookAndSaysWhatCameOfIt() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let down = try #require(RawSocket.bindLoopback())
        defer { close(down.fd) }
        let workspace = try Self.workspace(exchange, notify: """
            {"webhooks": [
              {"name": "ops", "format": "telegram", "chatId": "42", "url": "http://\(receiver.address)/botSECRET/sendMessage"},
              {"name": "down", "format": "discord", "url": "http://127.0.0.1:\(down.port)/api/webhooks/SECRET", "events": ["daemon"]}]}
            """)
        defer { workspace.remove() }
        let result = try await TickworkProcess.run(["notify", "test", "--config", workspace.config, "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 9)
        #expect(rows.filter { $0["webhook"] as? String == "ops" }.allSatisfy { $0["status"] as? Int == 200 })
        let failed = rows.filter { $0["error"] != nil }
        #expect(failed.count == 1 && failed.first?["webhook"] as? String == "down" && failed.first?["event"] as? String == "daemon")
        #expect(receiver.received.count == 8)
        #expect(!result.stdout.contains("SECRET"))
        let text = try await TickworkProcess.run(["notify", "test", "--config", workspace.config])
        #expect(text.status == 1)
        #expect(text.stdout.contains("ops      http://\(receiver.address)  fills"), "\(text.stdout)")
        #expect(!text.stdout.contains("SECRET"))
    }

    @Test func aStartAFillAndAStopAreToldAndARefusalAtTheNextStart() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let receiver = try WebhookReceiver()
        defer { receiver.stop() }
        let workspace = try Self.workspace(exchange, notify: """
            {"webhooks": [{"format": "json", "url": "http://\(receiver.address)/hook"}]}
            """)
        defer { workspace.remove() }
        try exchange.place(account: "SELLER", side: "sell", price: 5_000, qty: 10)
        try exchange.place(account: "SELLER", side: "buy", price: 4_990, qty: 10)
        let first = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await first.wait(upTo: 30) { Self.notices(receiver.received).contains { $0.hasPrefix("fills: fill: buy") } }, "\(first.stderr)")
        first.send(SIGTERM)
        #expect(await first.exitStatus(within: 30) == 0, "\(first.stderr)")
        let told = Self.notices(receiver.received)
        #expect(told.first == "daemon: started", "\(told)")
        #expect(told.last == "daemon: stopped", "\(told)")

        // A fill of the same order that the exchange never showed: the next start refuses to
        // trade, and says so.
        var last: Fill?
        _ = try LedgerReader.forEach(in: workspace.ledger) { last = $0.fill }
        var extra = try #require(last)
        extra.index += 1
        extra.qty = 5
        let ledger = try LedgerWriter(path: workspace.ledger, venue: extra.venue, account: extra.account)
        _ = try ledger.append(extra)
        try ledger.close()
        let count = receiver.received.count
        let second = try SpawnedProcess(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await second.exitStatus(within: 30) == 1, "\(second.stderr)")
        let refusal = Self.notices(Array(receiver.received.dropFirst(count)))
        #expect(refusal.contains("reconciliation: refused to trade: the exchange does not match the ledger"), "\(refusal)\n\(second.stderr)")
        #expect(refusal.last == "daemon: stopped", "\(refusal)")
    }
}
