import Foundation
import HTTP
import HTTPTesting
import Testing
import TestSupport

/// `tickwork filings` and `tickwork facts` against `tickwork exchange` serving SEC EDGAR on
/// loopback: fetched into a history database and listed from it.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct FilingsCLITests {
    static let userAgent = "Tickwork Tests tests@example.com"

    /// A run's environment: a state directory of the test's own (the ticker cache), and the
    /// `User-Agent` given (none: the variable set empty).
    static func environment(_ scratch: TemporaryDirectory, userAgent: String? = userAgent) -> [String: String] {
        ["XDG_STATE_HOME": scratch.path, "STATE_DIRECTORY": "", "TICKWORK_EDGAR_USER_AGENT": userAgent ?? ""]
    }

    /// `--site-url` and `--data-url` of `exchange`, whose one port serves both hosts.
    static func hosts(_ exchange: ExchangeFixture) -> [String] {
        let url = "http://" + exchange.listenAddress
        return ["--site-url", url, "--data-url", url]
    }

    /// A configuration in `scratch` like the embedded one (its exchange embedded), whose ledger
    /// and history are in `scratch` and whose `edgar` section names `exchange` for both hosts.
    static func watchConfiguration(_ scratch: TemporaryDirectory, edgar exchange: ExchangeFixture) throws -> String {
        let shipped = try Data(contentsOf: URL(fileURLWithPath: TickworkProcess.packageRoot + "/config/tickwork.json"))
        var configuration = try #require(try JSONSerialization.jsonObject(with: shipped) as? [String: Any])
        configuration["ledger"] = ["path": scratch.file("ledger.jsonl"), "fsync": "always"]
        configuration["history"] = ["path": scratch.file("history.sqlite")]
        let url = "http://" + exchange.listenAddress
        configuration["edgar"] = ["userAgent": userAgent, "siteURL": url, "dataURL": url]
        let path = scratch.file("tickwork.json")
        try JSONSerialization.data(withJSONObject: configuration).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// How many filings the database at `path` holds.
    static func storedFilings(_ database: String) async throws -> String {
        let count = try await TickworkProcess.run(["history", "sql", "SELECT count(*) AS n FROM filings", "--db", database, "--csv"])
        #expect(count.status == 0)
        return count.stdout
    }

    @Test func onlineThenOfflineListTheSameFilingsAndAStoreOnce() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory("tickwork-filings")
        let database = scratch.file("history.sqlite")
        let query = ["filings", "AAPL", "MSFT", "--db", database, "--limit", "40", "--form", "10-Q,8-K,10-K"]
        let online = try await TickworkProcess.run(query + Self.hosts(exchange), environment: Self.environment(scratch))
        #expect(online.status == 0, "\(online.stderr)")
        let lines = online.stdout.split(separator: "\n")
        #expect(lines.count == 41)
        #expect(lines.first?.hasPrefix("ACCEPTED") == true)
        #expect(lines.dropFirst().allSatisfy { $0.contains(" AAPL ") || $0.contains(" MSFT ") })
        #expect(lines.dropFirst().allSatisfy { $0.contains(" 10-Q ") || $0.contains(" 8-K ") || $0.contains(" 10-K ") })
        #expect(lines.dropFirst().allSatisfy { $0.contains("http://\(exchange.listenAddress)/Archives/edgar/data/") })
        let stored = try await Self.storedFilings(database)

        let offline = try await TickworkProcess.run(query + ["--offline"], environment: Self.environment(scratch, userAgent: nil))
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout == online.stdout)

        let again = try await TickworkProcess.run(query + Self.hosts(exchange), environment: Self.environment(scratch))
        #expect(again.status == 0)
        #expect(try await Self.storedFilings(database) == stored)
        #expect(stored != "n\n0\n")
    }

    @Test func aTickerEDGARDoesNotListFailsAsOneStepAndTheOthersGoOn() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory("tickwork-filings")
        let database = scratch.file("history.sqlite")
        let result = try await TickworkProcess.run(
            ["filings", "AAPL", "NOPEX", "MSFT", "--db", database, "--json", "--pages", "1"] + Self.hosts(exchange),
            environment: Self.environment(scratch))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").filter { $0.contains("NOPEX") }.count == 1)
        #expect(result.stderr.contains("not in EDGAR's company list"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let steps = try #require(document["steps"] as? [[String: Any]])
        let failed = steps.filter { $0["outcome"] as? String != "ok" }
        #expect(failed.count == 1)
        #expect((failed.first?["description"] as? String)?.hasPrefix("NOPEX") == true)
        #expect(steps.contains { ($0["description"] as? String)?.hasPrefix("MSFT: ") == true && $0["outcome"] as? String == "ok" })
        #expect(steps.allSatisfy { $0["durationMs"] is Int })
        let filings = try #require(document["filings"] as? [[String: Any]])
        #expect(Set(filings.compactMap { $0["ticker"] as? String }).isSubset(of: ["AAPL", "MSFT"]))
        #expect(!filings.isEmpty)
    }

    @Test func everyStepFailingExitsOne() async throws {
        // The company list is a 404: the chain's first step fails, and every later one needs it.
        let edgar = try WebhookReceiver(script: [HTTPResponse(status: 404, contentType: "text/plain", text: "no such key")])
        defer { edgar.stop() }
        let scratch = try TemporaryDirectory("tickwork-filings")
        let url = "http://\(edgar.address)"
        let result = try await TickworkProcess.run(
            ["filings", "AAPL", "--db", scratch.file("history.sqlite"), "--site-url", url, "--data-url", url],
            environment: Self.environment(scratch))
        #expect(result.status == 1)
        #expect(result.stderr.contains("step 1"))
        #expect(result.stderr.contains("404"))
        #expect(edgar.received.count == 1)
    }

    @Test func noUserAgentIsRefusedBeforeAnyRequest() async throws {
        let edgar = try WebhookReceiver()
        defer { edgar.stop() }
        let scratch = try TemporaryDirectory("tickwork-filings")
        let url = "http://\(edgar.address)"
        for userAgent in [nil, "Tickwork Tests without an address"] {
            let result = try await TickworkProcess.run(
                ["filings", "AAPL", "--db", scratch.file("history.sqlite"), "--site-url", url, "--data-url", url],
                environment: Self.environment(scratch, userAgent: userAgent))
            #expect(result.status == 64)
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(result.stderr.contains("User-Agent"))
        }
        #expect(edgar.received.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.file("history.sqlite")))
    }

    @Test func factsOfAConceptStoredExactlyAndAMissingConceptSaysSo() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory("tickwork-facts")
        let database = scratch.file("history.sqlite")
        let eps = try await TickworkProcess.run(
            ["facts", "AAPL", "--concept", "EarningsPerShareBasic", "--db", database, "--json"] + Self.hosts(exchange),
            environment: Self.environment(scratch))
        #expect(eps.status == 0, "\(eps.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(eps.stdout.utf8)) as? [[String: Any]])
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0["concept"] as? String == "EarningsPerShareBasic" && $0["unit"] as? String == "USD/shares" })
        // Exact decimal text, as EDGAR wrote it.
        #expect(rows.allSatisfy { ($0["value"] as? String)?.allSatisfy { $0.isNumber || $0 == "." || $0 == "-" } == true })
        let offline = try await TickworkProcess.run(
            ["facts", "AAPL", "--concept", "EarningsPerShareBasic", "--db", database, "--json", "--offline"],
            environment: Self.environment(scratch, userAgent: nil))
        #expect(offline.stdout == eps.stdout)

        let missing = try await TickworkProcess.run(
            ["facts", "AAPL", "--concept", "NoSuchConceptAnywhere", "--db", database] + Self.hosts(exchange),
            environment: Self.environment(scratch))
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty)
        #expect(missing.stderr.split(separator: "\n").count == 1)
        #expect(missing.stderr.contains("AAPL reports no us-gaap:NoSuchConceptAnywhere"))
    }

    @Test func watchJSONCarriesEachSymbolsLatestFiling() async throws {
        let exchange = try await ExchangeFixture()
        defer { exchange.stop() }
        let scratch = try TemporaryDirectory("tickwork-watch-filings")
        let configuration = try Self.watchConfiguration(scratch, edgar: exchange)
        let environment = Self.environment(scratch, userAgent: nil)
        #expect(try await TickworkProcess.run(["watch", "add", "FOOBAR"], environment: environment).status == 0)
        let result = try await TickworkProcess.run(["watch", "--config", configuration, "--once", "--json"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let row = try #require((line["rows"] as? [[String: Any]])?.first)
        let filing = try #require(row["filing"] as? [String: Any])
        #expect(["4", "8-K", "10-Q", "10-K"].contains(filing["form"] as? String ?? ""))
        #expect((filing["url"] as? String)?.hasPrefix("http://\(exchange.listenAddress)/Archives/edgar/data/") == true)
        #expect((filing["accepted"] as? String)?.hasSuffix("Z") == true)
        // What the view fetched is the history's: the same latest filing, offline.
        let stored = try await TickworkProcess.run(
            ["filings", "FOOBAR", "--offline", "--db", scratch.file("history.sqlite"), "--limit", "1", "--json"], environment: environment)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(stored.stdout.utf8)) as? [String: Any])
        #expect((listed["filings"] as? [[String: Any]])?.first?["url"] as? String == filing["url"] as? String)
        // Items are a list in both, as `filings --json` writes them.
        #expect(filing["items"] as? [String] == (listed["filings"] as? [[String: Any]])?.first?["items"] as? [String])
    }
}
