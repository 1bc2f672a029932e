import Foundation
import SimulatedMarket
import StrategyKit
import TestSupport
import Testing

/// `tickwork data download` against the simulated exchange over loopback (no network), and
/// `tickwork data list` on what it wrote.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct DataDownloadTests {
    /// A simulated exchange listing AAPL and MSFT whose bots have made a history today.
    private static func exchange() throws -> VenueServer {
        var configuration = try VenueConfiguration(symbols: ["AAPL", "MSFT"])
        configuration.bots = BotConfiguration()
        configuration.botInterval = nil
        let server = try VenueServer(configuration: configuration)
        for _ in 0..<300 { server.stepBots() }
        return server
    }

    /// New York's date `daysBefore` days before today's, as Foundation's time zones say.
    private static func newYorkDate(daysBefore: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(-86_400 * Double(daysBefore)))
    }

    /// Every file under `directory`, by its path below it, with its bytes.
    private static func files(_ directory: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory)
        while let name = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
            }
        }
        return files
    }

    @Test func aDownloadKilledHalfWayAndResumedThroughA429IsByteIdenticalToAnUninterruptedOne() async throws {
        let server = try Self.exchange()
        defer { server.stop() }
        let scratch = try TemporaryDirectory("tickwork-data")
        defer { scratch.remove() }
        let (first, last) = (Self.newYorkDate(daysBefore: 3), Self.newYorkDate(daysBefore: 0))
        let environment = ProcessInfo.processInfo.environment.merging(["APCA_API_KEY_ID": "PAPER1", "APCA_API_SECRET_KEY": "any"]) { $1 }
        func arguments(_ out: String) -> [String] {
            ["data", "download", "AAPL", "MSFT", "--from", first, "--to", last, "--out", out, "--base-url", "http://\(server.address)",
             "--page-size", "50", "--rate", "300", "--json"]
        }
        let resumed = scratch.file("resumed"), whole = scratch.file("whole")

        // The first run meets a 429 and is killed once AAPL is done, with MSFT's days to come.
        // MSFT's quotes are refused nine times, one fewer than the download's ten attempts
        // (`DataDownload.policy`): with their waits that holds MSFT back for a minute or more, so
        // the kill lands before MSFT is done however late this test looks (a busy machine once
        // let it finish first).
        server.rateLimitResponses(1, method: "GET", path: "/v2/stocks/AAPL/quotes")
        server.rateLimitResponses(9, method: "GET", path: "/v2/stocks/MSFT/quotes")
        let killed = try SpawnedProcess(
            executable: TickworkProcess.buildDirectory + "/tickwork", arguments: arguments(resumed), environment: environment)
        let aaplDone = await killed.wait(upTo: 120) { FileManager.default.fileExists(atPath: "\(resumed)/AAPL/\(last).twrc") }
        killed.send(SIGKILL)
        #expect(aaplDone, "\(killed.stderr)")
        #expect(await killed.exitStatus(within: 30) == -SIGKILL, "killed before the end: \(killed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: "\(resumed)/MSFT/\(last).twrc"), "MSFT's last day was still to come")
        server.clearResponseFaults()

        // Resumed, through another 429, and once more uninterrupted from nothing.
        server.rateLimitResponses(1, method: "GET", path: "/v2/stocks/MSFT/trades")
        let resume = try await TickworkProcess.run(arguments(resumed), environment: environment, timeout: 300)
        #expect(resume.status == 0, "\(resume.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(resume.stdout.utf8)) as? [String: Any])
        #expect((summary["skipped"] as? Int ?? 0) >= 4, "AAPL's days were not downloaded again: \(resume.stdout)")
        #expect((summary["days"] as? [String])?.count == 4)
        let again = try await TickworkProcess.run(arguments(whole), environment: environment, timeout: 300)
        #expect(again.status == 0, "\(again.stderr)")

        let resumedFiles = try Self.files(resumed), wholeFiles = try Self.files(whole)
        #expect(resumedFiles.keys.sorted() == wholeFiles.keys.sorted())
        #expect(resumedFiles.keys.count == 8 && !resumedFiles.keys.contains { $0.hasSuffix(".partial") }, "\(resumedFiles.keys.sorted())")
        for (name, bytes) in wholeFiles {
            #expect(resumedFiles[name] == bytes, "\(name) differs")
        }
        #expect((wholeFiles["AAPL/\(last).twrc"]?.count ?? 0) > 1_000, "today has the bots' history")
        // The symbols' directories are as readable as the recordings in them (whatever the umask).
        let permissions = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int ?? 0) & 0o444 }
        #expect(permissions("\(whole)/AAPL") == permissions("\(whole)/AAPL/\(last).twrc"))

        // data list: both symbols, their four days, every record, no gap.
        let list = try await TickworkProcess.run(["data", "list", whole, "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["symbol"] as? String } == ["AAPL", "MSFT"])
        #expect(entries.allSatisfy { $0["days"] as? Int == 4 && $0["first"] as? String == first && $0["last"] as? String == last })
        #expect(entries.allSatisfy { ($0["gaps"] as? [String]) == [] })
        let wholeSummary = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        #expect(entries.reduce(0) { $0 + ($1["records"] as? Int ?? 0) } == wholeSummary["records"] as? Int)
        #expect(entries.reduce(0) { $0 + ($1["bytes"] as? Int ?? 0) } == wholeSummary["bytes"] as? Int)
        let table = try await TickworkProcess.run(["data", "list", whole])
        #expect(table.stdout.hasPrefix("SYMBOL  DAYS  FIRST") && table.stdout.contains("AAPL") && table.stdout.contains("none"), "\(table.stdout)")
    }

    @Test func badInputIsOneLineAndExit64() async throws {
        for (arguments, message) in [
            (["AAPL", "--from", "2026-11-31", "--to", "2026-12-01", "--out", "x"], "--from: expected a date YYYY-MM-DD, today, yesterday or a number of days"),
            (["AAPL", "--from", "2026-12-02", "--to", "2026-12-01", "--out", "x"], "--from: 2026-12-02 is after --to 2026-12-01"),
            (["AAPL", "--from", "2026-12-01", "--to", "2026-12-01", "--out", "x", "--api", "stockfighter"], "the StockFighter API has no history"),
            (["AAPL", "--from", "2026-12-01", "--to", "2026-12-01", "--out", "x", "--feed", "nyse"], "--feed: expected iex, sip or delayed_sip"),
            (["--from", "2026-12-01", "--to", "2026-12-01", "--out", "x"], "missing argument SYMBOL"),
        ] {
            let result = try await TickworkProcess.run(["data", "download"] + arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.hasPrefix("tickwork: ") && result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
