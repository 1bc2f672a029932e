import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run` when its ledger cannot be written (a full disk, see `FullDisk`): it must
/// cancel every open order of its account and exit with the documented status 3, both when the
/// ledger fails while trading and when it fails at start-up.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct LedgerFailureTests {
    static let account = "EXB123456"

    /// A temporary directory with a configuration running MarketMaker against `exchange`, the
    /// ledger on `disk`, `extra` (`, "key": value…`) appended.
    struct Workspace {
        let directory: String
        let config: String
        let disk: FullDisk

        init(exchange: ExchangeFixture, disk kind: FullDisk.Kind, extra: String = "") throws {
            directory = NSTemporaryDirectory() + "tickwork-ledger-failure-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            disk = try FullDisk(under: directory, kind: kind)
            config = directory + "/tickwork.json"
            let text = """
                {"version": 1,
                 "exchange": {"baseURL": "\(exchange.baseURL)", "venue": "TESTEX", "account": "\(LedgerFailureTests.account)"},
                 "pollIntervalMs": 50,
                 "strategies": [{"id": "mm", "plugin": "MarketMaker", "symbols": ["FOOBAR"],
                                 "parameters": {"symbol": "FOOBAR", "halfSpreadCents": 10, "quoteSize": 10}}],
                 "ledger": {"path": "\(disk.directory)/ledger.jsonl", "fsync": "always"},
                 "riskStatePath": "\(directory)/risk.json"\(extra)}
                """
            try text.write(toFile: config, atomically: true, encoding: .utf8)
        }

        func remove() {
            disk.remove()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    /// The account's open orders at the exchange.
    func openOrders(_ exchange: ExchangeFixture) throws -> [[String: Any]] {
        try exchange.orders(of: Self.account).filter { $0["open"] as? Bool == true }
    }

    /// A wide market from another account, for MarketMaker to quote inside.
    func provideMarket(_ exchange: ExchangeFixture) throws {
        try exchange.place(account: "SELLER", side: "buy", price: 4_900, qty: 50)
        try exchange.place(account: "SELLER", side: "sell", price: 5_100, qty: 50)
    }

    /// Waits for MarketMaker's two quotes, then sells 3 shares into its bid from another
    /// account; returns whether both happened.
    func tradeThroughTheBid(_ exchange: ExchangeFixture, daemon: SpawnedProcess) async throws -> Bool {
        var bid: [String: Any]?
        let quoted = await daemon.wait(upTo: 30) {
            let open = (try? openOrders(exchange)) ?? []
            bid = open.first { $0["direction"] as? String == "buy" }
            return open.count == 2 && bid != nil
        }
        guard quoted, let price = bid?["price"] as? Int else { return false }
        try exchange.place(account: "SELLER", side: "sell", price: price, qty: 3)
        return try exchange.fills(of: Self.account).count == 1
    }

    @Test(arguments: FullDisk.Kind.allCases)
    func aLedgerThatFailsWhileTradingCancelsEveryOpenOrderAndExits3(disk: FullDisk.Kind) async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, disk: disk)
        defer { workspace.remove() }
        try provideMarket(exchange)
        // The file-size limit applies from the daemon's start (the start-up check of free space
        // does not see it); the tmpfs fills while the daemon trades, since a full one is refused
        // at start-up.
        if disk == .fileSizeLimit { try workspace.disk.fill() }
        let socket = try NotifyListener()
        let daemon = try workspace.disk.spawn(
            ["run", "--config", workspace.config], environment: DaemonTests.key.merging(["NOTIFY_SOCKET": socket.path]) { $1 })
        #expect(await daemon.wait(upTo: 30) { ((try? openOrders(exchange)) ?? []).count == 2 }, "no quotes: \(daemon.stderr)")
        if disk == .tmpfs { try workspace.disk.fill() }
        #expect(try await tradeThroughTheBid(exchange, daemon: daemon), "no quotes to trade with: \(daemon.stderr)")
        let status = await daemon.exitStatus(within: 60)
        #expect(status == 3, "\(daemon.stderr)")
        #expect(try openOrders(exchange).isEmpty, "orders left open: \(daemon.stderr)")
        #expect(daemon.stderr.contains("ledger failed"))
        #expect(daemon.stderr.contains(workspace.disk.failure))
        var messages: [String] = []
        while let message = socket.receive() { messages.append(message) }
        #expect(messages.contains { $0.hasPrefix("STATUS=ledger failed") }, "\(messages)")
    }

    @Test(arguments: FullDisk.Kind.allCases)
    func aRestartOnALedgerThatCannotBeAppendedToCancelsBeforeTradingAndExits3(disk: FullDisk.Kind) async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, disk: disk)
        defer { workspace.remove() }
        try provideMarket(exchange)
        let first = try workspace.disk.spawn(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await first.wait(upTo: 30) { ((try? openOrders(exchange)) ?? []).count == 2 }, "no quotes: \(first.stderr)")
        first.send(SIGKILL)
        _ = await first.exitStatus(within: 10)
        // While the daemon is down its bid is hit; then the disk fills.
        let bid = try openOrders(exchange).first { $0["direction"] as? String == "buy" }
        try exchange.place(account: "SELLER", side: "sell", price: bid?["price"] as? Int ?? 0, qty: 3)
        #expect(try exchange.fills(of: Self.account).count == 1)
        try workspace.disk.fill()
        let second = try workspace.disk.spawn(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await second.exitStatus(within: 60) == 3, "\(second.stderr)")
        #expect(try openOrders(exchange).isEmpty, "orders left open: \(second.stderr)")
        #expect(!second.stderr.contains("ready"), "it traded: \(second.stderr)")
        #expect(second.stderr.contains(workspace.disk.failure))
    }
}

extension LedgerFailureTests {
    @Test func aCorruptLedgerAtStartCancelsTheAccountsOpenOrdersAndExits3() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, disk: .fileSizeLimit)
        defer { workspace.remove() }
        // An order of the account left by an earlier session, and a ledger nobody can trust.
        try exchange.place(account: Self.account, side: "buy", price: 4_900, qty: 5)
        try "not a ledger line\nnor this one\n".write(toFile: workspace.disk.directory + "/ledger.jsonl", atomically: true, encoding: .utf8)
        let daemon = try workspace.disk.spawn(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await daemon.exitStatus(within: 60) == 3, "\(daemon.stderr)")
        #expect(try openOrders(exchange).isEmpty, "orders left open: \(daemon.stderr)")
        #expect(daemon.stderr.contains("line 1"))
    }
}

extension LedgerFailureTests {
    @Test func aLedgerOnAFullDiskIsCaughtAtStartBeforeAnyOrderEvenWithNothingToReconcile() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let workspace = try Workspace(exchange: exchange, disk: .tmpfs)
        defer { workspace.remove() }
        try provideMarket(exchange)
        try exchange.place(account: Self.account, side: "buy", price: 4_900, qty: 5)
        try workspace.disk.fill()
        let daemon = try workspace.disk.spawn(["run", "--config", workspace.config], environment: DaemonTests.key)
        #expect(await daemon.exitStatus(within: 60) == 3, "\(daemon.stderr)")
        #expect(try openOrders(exchange).isEmpty, "orders left open: \(daemon.stderr)")
        #expect(!daemon.stderr.contains("order sent"), "it traded: \(daemon.stderr)")
        #expect(daemon.stderr.contains("No space left on device"))
    }
}
