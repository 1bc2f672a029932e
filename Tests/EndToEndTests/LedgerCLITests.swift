import Foundation
import Ledger
import StrategyKit
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tickwork tail` and `tickwork ledger verify` on ledgers written by the Ledger library.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct LedgerCLITests {
    /// A fresh directory with a ledger of `count` fills by strategies `a` and `b` in `X` and `Y`.
    private static func ledger(fills count: Int) throws -> (directory: String, path: String) {
        let directory = NSTemporaryDirectory() + "tickwork-ledger-cli-" + UUID().uuidString
        let path = directory + "/fills.jsonl"
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456", durability: .never)
        for order in 0..<count { _ = try ledger.append(fill(order)) }
        try ledger.close()
        return (directory, path)
    }

    private static func fill(_ order: Int) -> Fill {
        Fill(
            venue: "TESTEX", account: "EXB123456", symbol: order % 2 == 0 ? "X" : "Y", orderID: OrderID(Int64(order)),
            index: 0, side: order % 4 < 2 ? .buy : .sell, price: Price(cents: 5000 + Int64(order)), qty: 10,
            time: Timestamp(nanoseconds: 1_764_400_000_000_000_000 + Int64(order) * 1_000_000),
            strategyID: order % 3 == 0 ? "a" : "b")
    }

    @Test func verifyExitsZeroOnACleanLedgerAndSummarizesIt() async throws {
        let (directory, path) = try Self.ledger(fills: 12)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await TickworkProcess.run(["ledger", "verify", path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("\(path): ok, 12 entries (sequence 1 to 12)"))
        #expect(result.stdout.contains("SYMBOL"))
    }

    @Test func verifyExitsTwoNamingTheLineWithAFlippedByte() async throws {
        let (directory, path) = try Self.ledger(fills: 12)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0a }.map { $0 + 1 }
        bytes[lineStarts[6] + 40] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let result = try await TickworkProcess.run(["ledger", "verify", path])
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("\(path): line 7 (byte \(lineStarts[6])): bad checksum\n"))
    }

    @Test func verifyJSONCarriesTheSummary() async throws {
        let (directory, path) = try Self.ledger(fills: 12)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await TickworkProcess.run(["ledger", "verify", path, "--json"])
        #expect(result.status == 0)
        let summary = try JSONDecoder().decode(LedgerSummary.self, from: Data(result.stdout.utf8))
        #expect(summary.entries == 12)
        #expect(summary.lastSequence == 12)
        #expect(summary.symbols.map(\.symbol) == ["X", "Y"])
        #expect(summary.symbols.map(\.fills) == [6, 6])
        #expect(summary.symbols.map(\.volume) == [60, 60])
        #expect(summary.firstFault == nil)
    }

    @Test func tailJSONPrintsTheLastLinesAsWritten() async throws {
        let (directory, path) = try Self.ledger(fills: 12)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await TickworkProcess.run(["tail", "--ledger", path, "-n", "3", "--json"])
        #expect(result.status == 0)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").suffix(3)
        #expect(result.stdout == lines.map { $0 + "\n" }.joined())
    }

    @Test func tailFiltersBySymbolAndStrategyIntoAnAlignedTableWithoutColourOffATerminal() async throws {
        let (directory, path) = try Self.ledger(fills: 12)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try await TickworkProcess.run(["tail", "X", "--ledger", path, "--strategy", "a"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Orders 0, 6 are strategy a in X (order % 3 == 0 and even).
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("TIME (UTC)"))
        #expect(lines[1].contains("  a  ") && lines[1].contains("  X  "))
        #expect(lines[2].contains("50.06"))
        #expect(Set(lines.map(\.count)).count == 1)
        #expect(!result.stdout.contains("\u{1B}["))
    }

    @Test func tailColoursOnlyOnATerminalWithoutNoColor() async throws {
        try Prerequisite.require(Prerequisite.executable("/usr/bin/script"), "script(1) (util-linux), for a pseudo-terminal")
        let (directory, path) = try Self.ledger(fills: 4)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // script(1) gives the command a pseudo-terminal.
        let command = "\(TickworkProcess.buildDirectory)/tickwork tail --ledger \(path)"
        let coloured = try await Self.runOnTerminal(command, environment: [:])
        let plain = try await Self.runOnTerminal(command, environment: ["NO_COLOR": "1"])
        #expect(coloured.contains("\u{1B}["))
        #expect(!plain.contains("\u{1B}["))
        #expect(plain.contains("TIME (UTC)"))
    }

    @Test func tailFollowPrintsFillsAnotherProcessAppendsWithARunningTotal() async throws {
        let (directory, path) = try Self.ledger(fills: 2)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tail = try SpawnedProcess(["tail", "--ledger", path, "-f"])
        #expect(await tail.wait(upTo: 30) { tail.stdout.contains("TIME (UTC)") })
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456")
        for order in 2..<5 { _ = try ledger.append(Self.fill(order)) }
        try ledger.close()
        #expect(await tail.wait(upTo: 30) { tail.stdout.contains("-- 3 fills since following") })
        // tail -f runs until it is killed; the test process's children may inherit an ignored
        // SIGTERM, so end it with SIGKILL.
        tail.send(SIGKILL)
        _ = await tail.exitStatus(within: 10)
        let rows = tail.stdout.split(separator: "\n").filter { $0.hasPrefix("2025-") }
        #expect(rows.count == 5)
    }

    @Test func tailFollowWaitsForALedgerThatDoesNotExistYet() async throws {
        let scratch = try TemporaryDirectory("tickwork-ledger-cli")
        defer { scratch.remove() }
        let directory = scratch.path
        let path = directory + "/fills.jsonl"
        let tail = try SpawnedProcess(["tail", "--ledger", path, "-f", "--json"])
        #expect(await tail.wait(upTo: 30) { tail.stderr.contains("does not exist yet") })
        let ledger = try LedgerWriter(path: path, venue: "TESTEX", account: "EXB123456")
        for order in 0..<2 { _ = try ledger.append(Self.fill(order)) }
        try ledger.close()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(await tail.wait(upTo: 30) { tail.stdout == written })
        tail.send(SIGKILL)
        _ = await tail.exitStatus(within: 10)
    }

    /// Runs a shell command under script(1) and returns what it printed.
    private static func runOnTerminal(_ command: String, environment: [String: String]) async throws -> String {
        var merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        if environment["NO_COLOR"] == nil { merged["NO_COLOR"] = nil }
        return try await SpawnedProcess.run(executable: "/usr/bin/script", arguments: ["-qec", command, "/dev/null"], environment: merged).stdout
    }
}
