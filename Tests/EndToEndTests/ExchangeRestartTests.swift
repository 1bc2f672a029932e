import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run` on the embedded exchange, which is a new exchange at every start, while the
/// ledger lives on: what the ledger books must stay what the exchanges filled, session after
/// session.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct ExchangeRestartTests {
    static let key = ["TICKWORK_API_KEY": "test-key"]

    /// Writes `workspace`'s configuration: buying `quantity` FOOBAR with FirstSteps on an embedded
    /// exchange without bots (the test is the only other trader).
    static func write(_ workspace: DaemonWorkspace, quantity: Int) throws {
        try workspace.write(
            exchange: #"{"venue": "TESTEX", "account": "EXB123456"}"#, strategies: DaemonWorkspace.firstSteps(quantity: quantity, maxOrderQty: nil),
            extra: #", "embeddedExchange": {"listen": "127.0.0.1:0", "bots": 0}"#)
    }

    /// The embedded exchange's API base, from the daemon's start-up log line.
    static func embeddedBaseURL(_ daemon: SpawnedProcess) async -> String? {
        var address: String?
        await daemon.wait(upTo: 30) {
            address = daemon.stderr.split(separator: "\n").first { $0.contains("embedded exchange listening") }
                .flatMap { line in line.split(separator: " ").first { $0.hasPrefix("address=") } }
                .map { String($0.dropFirst("address=".count)) }
            return address != nil
        }
        return address.map { "http://\($0)/ob/api" }
    }

    /// `tickwork ARGUMENTS --base-url baseURL --json`, decoded.
    static func call(_ arguments: [String], _ baseURL: String, account: String) async throws -> Any {
        let result = try await TickworkProcess.run(
            arguments + ["--base-url", baseURL, "--account", account, "--json"], environment: Self.key, timeout: 20)
        try #require(result.status == 0, "tickwork \(arguments.joined(separator: " ")): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// The fills of `account`'s orders on the exchange at `baseURL`, as (order id, index, price, qty).
    private func exchangeFills(_ baseURL: String, account: String) async throws -> [[Int]] {
        let orders = try await Self.call(["orders"], baseURL, account: account) as? [[String: Any]] ?? []
        return orders.flatMap { order -> [[Int]] in
            let id = order["id"] as? Int ?? -1
            return (order["fills"] as? [[String: Any]] ?? []).enumerated().map { index, fill in
                [id, index, fill["price"] as? Int ?? -1, fill["qty"] as? Int ?? -1]
            }
        }
    }

    /// One session: starts the daemon buying up to `quantity`, offers it 10 shares from another
    /// account, waits for the exchange to fill them and the ledger to reach `quantity`, stops the
    /// daemon, and returns the daemon account's fills as the session's exchange reported them.
    private func session(_ workspace: DaemonWorkspace, quantity: Int) async throws -> [[Int]] {
        try Self.write(workspace, quantity: quantity)
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.key)
        let baseURL = try #require(await Self.embeddedBaseURL(daemon), "no embedded exchange address: \(daemon.stderr)")
        // A bid under the ask gives the book a mid for the risk checker's price collar.
        _ = try await Self.call(["order", "place", "FOOBAR", "buy", "10", "--price", "49.90"], baseURL, account: "SELLER")
        _ = try await Self.call(["order", "place", "FOOBAR", "sell", "10", "--price", "50.00"], baseURL, account: "SELLER")
        var filled: [[Int]] = []
        await daemon.wait(upTo: 30) {
            filled = await (try? exchangeFills(baseURL, account: "EXB123456")) ?? []
            return filled.reduce(0) { $0 + $1[3] } >= 10
        }
        #expect(await daemon.wait(upTo: 15) { workspace.bought() >= quantity }, "ledger holds \(workspace.bought()) of \(quantity): \(daemon.stderr)")
        let fills = try await exchangeFills(baseURL, account: "EXB123456")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0)
        return fills
    }

    @Test func aRestartedEmbeddedExchangeGivesNewOrderIDsSoTheLedgerBooksEveryFill() async throws {
        let workspace = try DaemonWorkspace()
        defer { workspace.remove() }
        let first = try await session(workspace, quantity: 10)
        let second = try await session(workspace, quantity: 20)
        let ledger = try workspace.ledgerFills()
        #expect(first.reduce(0) { $0 + $1[3] } == 10 && second.reduce(0) { $0 + $1[3] } == 10, "exchange fills \(first) then \(second)")
        #expect(ledger == (first + second).sorted { $0.lexicographicallyPrecedes($1) }, "ledger \(ledger), exchange \(first) then \(second)")
    }
}
