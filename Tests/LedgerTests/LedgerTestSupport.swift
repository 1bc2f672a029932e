import Foundation
import Ledger
import StrategyKit
import TestSupport

extension TemporaryDirectory {
    /// The ledger file most tests write: `fills.jsonl` in the directory.
    func file() -> String { file("fills.jsonl") }
}

/// Writes `count` fills alternating buys and sells to a new ledger at `path` (durability
/// `.never`) and returns the entries.
@discardableResult
func writeLedger(at path: String, count: Int) throws -> [LedgerEntry] {
    let ledger = try LedgerWriter(path: path, venue: testVenue, account: testAccount, durability: .never)
    var entries: [LedgerEntry] = []
    for order in 1...count {
        let side: Side = order % 3 == 0 ? .sell : .buy
        if case .appended(let entry, _) = try ledger.append(makeFill(order: Int64(order), side, 10, at: 5000 + Int64(order))) {
            entries.append(entry)
        }
    }
    try ledger.close()
    return entries
}

/// The file's bytes.
func contents(of path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

/// Replaces the file's bytes.
func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// The file's lines, each with its newline.
func lines(of path: String) throws -> [[UInt8]] {
    var result: [[UInt8]] = []
    var current: [UInt8] = []
    for byte in try contents(of: path) {
        current.append(byte)
        if byte == 0x0a {
            result.append(current)
            current = []
        }
    }
    if !current.isEmpty { result.append(current) }
    return result
}
