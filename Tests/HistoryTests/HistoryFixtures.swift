import History
import Ledger
@_spi(Host) import StrategyKit
import TestSupport

/// 2026-12-01T00:00:00Z.
let dayOne: Int64 = 1_796_083_200_000_000_000
let oneDay = Timestamp.nanosecondsPerDay

/// Appends `fills` to the ledger at `path` (created when missing) and returns their entries.
@discardableResult
func appendToLedger(at path: String, _ fills: [Fill]) throws -> [LedgerEntry] {
    let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount, durability: .never)
    var entries: [LedgerEntry] = []
    for fill in fills {
        if case .appended(let entry, _) = try ledger.append(fill) { entries.append(entry) }
    }
    try ledger.close()
    return entries
}

/// Six fills over two days, two strategies, two symbols: mm buys 10 FOOBAR at 50.00 and sells
/// them at 51.00 on day one (realizing $10.00); mo buys and sells BARBAZ on day two.
func sampleFills() -> [Fill] {
    [
        makeFill(order: 1, .buy, 10, at: 5000, time: dayOne + 1_000),
        makeFill(order: 2, .sell, 4, at: 5100, time: dayOne + 2_000),
        makeFill(order: 2, index: 1, .sell, 6, at: 5100, time: dayOne + 3_000),
        makeFill(order: 3, .buy, 5, at: 2000, symbol: "BARBAZ", strategy: "mo", time: dayOne + oneDay + 1_000),
        makeFill(order: 4, .sell, 5, at: 1900, symbol: "BARBAZ", strategy: "mo", time: dayOne + oneDay + 2_000),
        makeFill(order: 5, .buy, 1, at: 5200, time: dayOne + oneDay + 3_000),
    ]
}

/// A temporary directory with the sample ledger in it (`fills.jsonl`) and a path for the
/// database (`history.sqlite`).
struct SampleHistory {
    let directory: TemporaryDirectory
    let entries: [LedgerEntry]
    var ledger: String { directory.file("fills.jsonl") }
    var database: String { directory.file("history.sqlite") }

    init() throws {
        directory = try TemporaryDirectory("tickwork-history")
        entries = try appendToLedger(at: directory.file("fills.jsonl"), sampleFills())
    }
}
