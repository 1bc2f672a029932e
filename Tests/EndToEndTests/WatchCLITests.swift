import Foundation
import Testing
import TestSupport

/// `tickwork symbols` and `tickwork watch` as a user runs them, each test with a state
/// directory of its own (`XDG_STATE_HOME`).
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct WatchCLITests {
    private func run(_ arguments: [String], state: TemporaryDirectory) async throws -> TickworkProcess.Result {
        try await TickworkProcess.run(arguments, environment: ["XDG_STATE_HOME": state.path, "STATE_DIRECTORY": ""], timeout: 60)
    }

    @Test func searchFindsTickersAndNamesInTheShippedDirectory() async throws {
        let state = try TemporaryDirectory("tickwork-watch")
        defer { state.remove() }
        let text = try await run(["symbols", "search", "apple", "--limit", "3"], state: state)
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").first?.hasPrefix("SYMBOL  NAME") == true)
        // Apple Inc. is the company "apple" means: first, ahead of Apple Hospitality REIT.
        #expect(text.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("AAPL    Apple Inc.") == true)
        let json = try await run(["symbols", "search", "berkshire b", "--json"], state: state)
        let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(entries?.first?["symbol"] as? String == "BRK.B")
        #expect(entries?.first?["cik"] as? Int == 1067983 && entries?.first?["prominence"] is Int)
    }

    @Test func listsAreEditedAndKeptInTheStateDirectory() async throws {
        let state = try TemporaryDirectory("tickwork-watch")
        defer { state.remove() }
        await #expect(try run(["watch", "add", "aapl", "MSFT", "SPY"], state: state).status == 0)
        await #expect(try run(["watch", "move", "SPY", "--to", "1"], state: state).status == 0)
        await #expect(try run(["watch", "rm", "MSFT"], state: state).status == 0)
        await #expect(try run(["watch", "add", "QQQ", "--list", "etfs"], state: state).status == 0)
        await #expect(try run(["watch", "list"], state: state).stdout == "SPY\nAAPL\n")
        await #expect(try run(["watch", "list", "--list", "etfs", "--json"], state: state).stdout.filter { !$0.isWhitespace } == #"["QQQ"]"#)
        #expect(FileManager.default.fileExists(atPath: state.path + "/tickwork/watchlists.json"))
        let refused = try await run(["watch", "rm", "IBM"], state: state)
        #expect(refused.status == 1 && refused.stderr == "tickwork: IBM is not on the watch list default\n")
        let usage = try await run(["watch", "move", "SPY"], state: state)
        #expect(usage.status == 64)
    }

    @Test func aSymbolUnknownToTheDirectoryAndTheSourceIsRefusedWithSuggestions() async throws {
        let state = try TemporaryDirectory("tickwork-watch")
        defer { state.remove() }
        let refused = try await run(["watch", "add", "APPL"], state: state)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("APPL: unknown to the symbol directory and to simulated; nearest: "))
        #expect(refused.stderr.contains("AAPL"))
        // FOOBAR is not in the directory, but the embedded exchange quotes it.
        await #expect(try run(["watch", "add", "FOOBAR"], state: state).status == 0)
        await #expect(try run(["watch", "list"], state: state).stdout == "FOOBAR\n")
    }

    @Test func onceAndJSONPrintTheEmbeddedExchangesQuotesWithoutAKey() async throws {
        let state = try TemporaryDirectory("tickwork-watch")
        defer { state.remove() }
        await #expect(try run(["watch", "add", "FOOBAR", "AAPL"], state: state).status == 0)
        let table = try await run(["watch", "--once"], state: state)
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("SYMBOL  COMPANY") == true)
        #expect(lines.contains { $0.hasPrefix("FOOBAR ") && $0.contains(".") })
        #expect(lines.contains { $0.hasPrefix("AAPL ") && $0.contains("unknown symbol") })
        #expect(!table.stdout.contains("\u{1B}["))
        let json = try await run(["watch", "show", "--once", "--json"], state: state)
        let line = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let rows = line?["rows"] as? [[String: Any]]
        #expect(rows?.first?["symbol"] as? String == "FOOBAR")
        #expect(rows?.first?["status"] as? String == "ok")
        #expect((rows?.first?["price"] as? Double).map { $0 > 0 } == true)
        #expect(rows?.last?["status"] as? String == "unknown")
    }
}
