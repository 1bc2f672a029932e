import Foundation
import Ledger
import StrategyKit
import Testing
import TestSupport

/// `tickwork history` on a database rebuilt from a ledger written by the Ledger library.
@Suite(.processHeavy, .timeLimit(.minutes(10))) struct HistoryCLITests {
    /// 2026-12-01T00:00:00Z.
    static let dayOne: Int64 = 1_796_083_200_000_000_000

    /// A directory with a ledger (`fills.jsonl`) of four fills of strategy `mm`: buys 10 X at
    /// 50.00 and sells them at 51.25 on day one, buys 3 Y at 20.00 and sells at 19.00 on day two.
    private static func sample() async throws -> (scratch: TemporaryDirectory, ledger: String, database: String) {
        let scratch = try TemporaryDirectory("tickwork-history-cli")
        let ledger = scratch.file("fills.jsonl")
        let writer = try LedgerWriter(path: ledger, venue: "TESTEX", account: "EXB123456", durability: .never)
        let fills: [(Symbol, Side, Int64, Int64, Int64)] = [
            ("X", .buy, 10, 5000, dayOne + 1_000_000_000), ("X", .sell, 10, 5125, dayOne + 2_000_000_000),
            ("Y", .buy, 3, 2000, dayOne + 86_400_000_000_000), ("Y", .sell, 3, 1900, dayOne + 86_401_000_000_000),
        ]
        for (order, (symbol, side, qty, price, time)) in fills.enumerated() {
            _ = try writer.append(
                Fill(
                    venue: "TESTEX", account: "EXB123456", symbol: symbol, orderID: OrderID(Int64(order + 1)), index: 0,
                    side: side, price: Price(cents: price), qty: Quantity(shares: qty), time: Timestamp(nanoseconds: time),
                    strategyID: "mm"))
        }
        try writer.close()
        let database = scratch.file("history.sqlite")
        let rebuilt = try await TickworkProcess.run(["history", "rebuild", "--ledger", ledger, "--db", database])
        #expect(rebuilt.status == 0)
        #expect(rebuilt.stdout == "\(database): rebuilt from \(ledger), 4 fills\n")
        return (scratch, ledger, database)
    }

    @Test func fillsAsATableInDollarsAndUTCTimes() async throws {
        let sample = try await Self.sample()
        let result = try await TickworkProcess.run(["history", "fills", "X", "--db", sample.database])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("SEQ  TIME"))
        #expect(lines[0].contains("PRICE  QTY"))
        #expect(lines[1].contains("2026-12-01T00:00:01.000000000Z"))
        #expect(lines[2].contains(" 51.25 "))
        #expect(lines[2].contains(" 12.50 "))
    }

    @Test func fillsAsJSONAndCSVKeepTheIntegers() async throws {
        let sample = try await Self.sample()
        let json = try await TickworkProcess.run(["history", "fills", "--db", sample.database, "--side", "sell", "--json"])
        #expect(json.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows.map { $0["price_units"] as? Int } == [512_500, 190_000])
        #expect(rows.map { $0["realized_units"] as? Int } == [125_000, -30_000])
        #expect(rows.map { $0["time_ns"] as? Int } == [Int(Self.dayOne + 2_000_000_000), Int(Self.dayOne + 86_401_000_000_000)])
        let csv = try await TickworkProcess.run(["history", "fills", "--db", sample.database, "--since", "2026-12-02", "--csv"])
        #expect(csv.status == 0)
        let lines = csv.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "seq,time_ns,venue,account,symbol,order_id,fill_index,side,price_units,qty_shares,strategy,reconciled,position_after_shares,cash_after_units,realized_after_units,realized_units,checksum")
        #expect(lines.count == 3)
        #expect(lines[2].hasPrefix("4,\(Self.dayOne + 86_401_000_000_000),TESTEX,EXB123456,Y,4,0,sell,190000,3,mm,0,0,-30000,-30000,-30000,"))
    }

    @Test func pnlByDayAndBySymbol() async throws {
        let sample = try await Self.sample()
        let byDay = try await TickworkProcess.run(["history", "pnl", "--db", sample.database, "--by", "day", "--csv"])
        #expect(byDay.status == 0)
        #expect(byDay.stdout == """
            day,fills,bought_shares,sold_shares,notional_units,realized_units
            2026-12-01,2,10,10,10125000,125000
            2026-12-02,2,3,3,1170000,-30000

            """)
        let bySymbol = try await TickworkProcess.run(["history", "pnl", "--db", sample.database, "--by", "symbol", "--strategy", "mm"])
        #expect(bySymbol.status == 0)
        #expect(bySymbol.stdout == """
            SYMBOL  FILLS  BOUGHT  SOLD  NOTIONAL  REALIZED
            X           2      10    10   1012.50     12.50
            Y           2       3     3    117.00     -3.00

            """)
    }

    @Test func sqlReadsAndRefusesWrites() async throws {
        let sample = try await Self.sample()
        let read = try await TickworkProcess.run(["history", "sql", "--db", sample.database, "--csv", "SELECT symbol, count(*) AS n FROM fills GROUP BY symbol"])
        #expect(read.status == 0)
        #expect(read.stdout == "symbol,n\nX,2\nY,2\n")
        let write = try await TickworkProcess.run(["history", "sql", "--db", sample.database, "DELETE FROM fills"])
        #expect(write.status == 1)
        #expect(write.stderr.contains("history query sql failed: only statements that read are allowed"))
        let after = try await TickworkProcess.run(["history", "sql", "--db", sample.database, "--csv", "SELECT count(*) FROM fills"])
        #expect(after.stdout == "count(*)\n4\n")
    }

    @Test func sqlRefusesASecondStatementAndKeepsAComment() async throws {
        let sample = try await Self.sample()
        let two = try await TickworkProcess.run(["history", "sql", "--db", sample.database, "--csv", "SELECT count(*) FROM fills; SELECT 1"])
        #expect(two.status == 1)
        #expect(two.stdout.isEmpty)
        #expect(two.stderr.contains("only one statement is run"), "\(two.stderr)")
        let trailing = try await TickworkProcess.run(
            ["history", "sql", "--db", sample.database, "--csv", "SELECT count(*) AS n FROM fills; -- all of them\n"])
        #expect(trailing.status == 0, "\(trailing.stderr)")
        #expect(trailing.stdout == "n\n4\n")
    }

    @Test func sqlTableRefusesMoreRowsThanItHoldsSayingWhatToDo() async throws {
        let sample = try await Self.sample()
        let count = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 20000) SELECT i FROM n"
        let table = try await TickworkProcess.run(["history", "sql", "--db", sample.database, count])
        #expect(table.status == 1)
        #expect(table.stdout.isEmpty)
        #expect(table.stderr.contains("add a LIMIT, or use --csv or --json"), "\(table.stderr)")
        let csv = try await TickworkProcess.run(["history", "sql", "--db", sample.database, "--csv", count])
        #expect(csv.status == 0)
        #expect(csv.stdout.split(separator: "\n").count == 20_001)
    }

    /// A million rows under a limit of 60 MB of data, which holding them all (about 110 MB) would
    /// pass and the command alone (under 20 MB) does not: JSON and CSV print rows as they come.
    @Test(arguments: ["--csv", "--json"])
    func sqlPrintsRowsAsTheyComeWithoutHoldingThem(format: String) async throws {
        let sample = try await Self.sample()
        let million = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 1000000) SELECT i FROM n"
        let result = try await TickworkProcess.run(
            ["-c", "ulimit -d 60000 && exec \"$0\" \"$@\"", TickworkProcess.buildDirectory + "/tickwork", "history", "sql", "--db",
             sample.database, format, million],
            timeout: 300, executable: "/bin/sh")
        #expect(result.status == 0, "\(result.stderr.prefix(300))")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == (format == "--csv" ? 1_000_001 : 1_000_002))
        #expect(lines.dropLast(format == "--csv" ? 0 : 1).last == (format == "--csv" ? "1000000" : "  {\"i\": 1000000}"))
    }

    @Test func theConfigurationsDatabaseIsCaughtUpBeforeReading() async throws {
        let sample = try await Self.sample()
        let configuration = sample.scratch.file("tickwork.json")
        let text = try String(contentsOfFile: TickworkProcess.packageRoot + "/config/tickwork.json", encoding: .utf8)
            .replacingOccurrences(of: "\"path\": \"tickwork-ledger.jsonl\"", with: "\"path\": \"fills.jsonl\"")
        try text.write(toFile: configuration, atomically: true, encoding: .utf8)
        let result = try await TickworkProcess.run(["history", "fills", "--config", configuration, "--json"])
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: sample.scratch.file("fills.history.sqlite")))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 4)
    }

    @Test func usageErrors() async throws {
        let sample = try await Self.sample()
        let both = try await TickworkProcess.run(["history", "fills", "--db", sample.database, "--json", "--csv"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--json and --csv exclude each other"))
        let badTime = try await TickworkProcess.run(["history", "fills", "--db", sample.database, "--since", "last tuesday"])
        #expect(badTime.status == 64)
        #expect(badTime.stderr.contains("--since: expected an ISO-8601 date or time, today, yesterday or a number of days"))
    }
}
