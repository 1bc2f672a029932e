import AlpacaTestSupport
import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork run` on `"api": "alpaca"` against a scripted Alpaca over loopback (the simulated
/// exchange's Alpaca API is another branch's): ended by SIGTERM, and killed and restarted.
@Suite(.processHeavy, .serialized, .timeLimit(.minutes(10))) struct AlpacaDaemonTests {
    static let keys = ["APCA_API_KEY_ID": "KID", "APCA_API_SECRET_KEY": "SECRET"]

    /// The fake's fills as (Alpaca order id, qty).
    static func activities(_ alpaca: FakeAlpaca) -> [String] { alpaca.state.withLock { $0.fills } }

    @Test func sigtermLeavesNothingOpenAndTheLedgerIsTheFillActivities() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let workspace = try DaemonWorkspace(alpaca: alpaca, quantity: 20)
        defer { workspace.remove() }
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(await daemon.wait(upTo: 30) { workspace.bought() == 20 }, "bought \(workspace.bought()): \(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0, "\(daemon.stderr)")
        #expect(alpaca.state.withLock { $0.orders.allSatisfy { $0.status == "filled" || $0.status == "canceled" } })
        let fills = try workspace.ledgerFills()
        #expect(fills.count == Self.activities(alpaca).count)
        #expect(Set(fills.map { [$0[0], $0[1]] }).count == fills.count)
        #expect(alpaca.state.withLock { $0.orders.allSatisfy { $0.clientOrderID.hasPrefix("tw-") } })
        // Every request carried the keys, and no key reached the log.
        #expect(!daemon.stderr.contains("SECRET"))
    }

    @Test func afterSIGKILLARestartBooksNothingTwice() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let workspace = try DaemonWorkspace(alpaca: alpaca, quantity: 20)
        defer { workspace.remove() }
        let first = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(await first.wait(upTo: 30) { workspace.bought() >= 5 }, "\(first.stderr)")
        first.send(SIGKILL)
        _ = await first.exitStatus(within: 10)
        let second = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(await second.wait(upTo: 30) { workspace.bought() == 20 }, "bought \(workspace.bought()): \(second.stderr)")
        second.send(SIGTERM)
        #expect(await second.exitStatus(within: 10) == 0, "\(second.stderr)")
        let fills = try workspace.ledgerFills()
        #expect(fills.count == Self.activities(alpaca).count)
        #expect(Set(fills.map { [$0[0], $0[1]] }).count == fills.count)
        #expect(alpaca.state.withLock { $0.orders.reduce(0) { $0 + Int($1.filled) } } == 20)
    }

    /// A SIGTERM that arrives while the daemon is still starting (waiting for Alpaca's clock,
    /// before its service group listens for signals) is kept, and stops it cleanly once it has
    /// started: exit 0, nothing left open. It used to end the process half started (the
    /// signal's default action), and one arriving just as the group set up could be lost.
    @Test func aSIGTERMWhileStartingStopsTheDaemonCleanlyOnceStarted() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let hold = alpaca.hold("/v2/clock")
        defer { hold.release() }
        let workspace = try DaemonWorkspace(alpaca: alpaca, quantity: 20)
        defer { workspace.remove() }
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(hold.waitForRequest(seconds: 60), "the daemon asks for Alpaca's clock while starting: \(daemon.stderr)")
        daemon.send(SIGTERM)
        hold.release()
        #expect(await daemon.exitStatus(within: 60) == 0, "\(daemon.stderr)")
        #expect(alpaca.state.withLock { $0.orders.allSatisfy { $0.status == "filled" || $0.status == "canceled" } })
    }

    @Test func aPositionTheLedgerDoesNotKnowRefusesTheStart() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        alpaca.state.withLock { $0.positions = [#"{"symbol":"AAPL","qty":"7","side":"long","avg_entry_price":"100","cost_basis":"700"}"#] }
        let workspace = try DaemonWorkspace(alpaca: alpaca, quantity: 20)
        defer { workspace.remove() }
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(await daemon.exitStatus(within: 30) == 1)
        #expect(daemon.stderr.contains("AAPL: the broker holds 7 shares but the ledger adds up to 0"), "\(daemon.stderr)")
        #expect(alpaca.state.withLock { $0.orders.isEmpty })
    }

    /// Fills of our own orders that the ledger lacks (an answer lost, or a kill before the
    /// fill was written) are booked at the restart, marked reconciled, before positions are
    /// compared: the daemon starts instead of refusing every restart.
    @Test func fillsOfOurOrdersTheLedgerLacksAreBookedAtTheRestartNotRefused() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        alpaca.placeFilled(clientOrderID: "tw-00000000-0000-4000-8000-000000000001", symbol: "AAPL", qty: 7)
        let workspace = try DaemonWorkspace(alpaca: alpaca, quantity: 7, clientOrderPrefix: "tw")
        defer { workspace.remove() }
        let daemon = try SpawnedProcess(["run", "--config", workspace.config], environment: Self.keys)
        #expect(await daemon.wait(upTo: 30) { daemon.stderr.contains("ready") }, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0, "\(daemon.stderr)")
        #expect(workspace.bought() == 7, "the order's fill booked once: \((try? workspace.ledgerFills()) ?? [])")
        let ledger = (try? String(contentsOfFile: workspace.ledger, encoding: .utf8)) ?? ""
        #expect(ledger.contains("\"reconciled\":true"), "\(ledger)")
        #expect(alpaca.state.withLock { $0.orders.count } == 1, "FirstSteps holds its 7 and buys nothing more")
    }

    /// Two configurations on one account must not share a ledger: one with another client
    /// order prefix refuses to start on it, naming the prefix its orders were placed with.
    @Test func aLedgerWhoseOrdersWerePlacedWithAnotherPrefixRefusesTheStart() async throws {
        let alpaca = try FakeAlpaca()
        defer { alpaca.stop() }
        let first = try DaemonWorkspace(alpaca: alpaca, quantity: 5, clientOrderPrefix: "alpha")
        defer { first.remove() }
        let daemon = try SpawnedProcess(["run", "--config", first.config], environment: Self.keys)
        #expect(await daemon.wait(upTo: 30) { first.bought() == 5 }, "\(daemon.stderr)")
        daemon.send(SIGTERM)
        #expect(await daemon.exitStatus(within: 10) == 0, "\(daemon.stderr)")
        let text = try String(contentsOfFile: first.config, encoding: .utf8).replacingOccurrences(of: "\"alpha\"", with: "\"beta\"")
        try text.write(toFile: first.config, atomically: true, encoding: .utf8)
        let other = try SpawnedProcess(["run", "--config", first.config], environment: Self.keys)
        #expect(await other.exitStatus(within: 30) == 1)
        #expect(other.stderr.contains("not with this configuration's client order prefix beta-"), "\(other.stderr)")
        #expect(other.stderr.contains("set exchange.clientOrderPrefix to \"alpha\""), "\(other.stderr)")
        #expect(alpaca.state.withLock { $0.orders.allSatisfy { $0.clientOrderID.hasPrefix("alpha-") } })
    }
}
