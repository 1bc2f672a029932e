import Foundation

/// Each workload's count against the baseline's, and the gate's verdict: it fails when any
/// workload took more than `tolerancePercent` over its baseline, when a workload has no
/// baseline, or when the baseline names a workload that no longer runs (the baseline is stale
/// either way).
struct GateComparison: Equatable {
    /// How far over its baseline a workload may go, in percent of it.
    static let tolerancePercent: UInt64 = 3

    /// One workload's line of the table.
    struct Row: Equatable {
        var workload: String
        var baseline: UInt64?
        var now: UInt64?

        /// The change from the baseline, as a fraction (0.05 for +5%); nil without both counts.
        var change: Double? {
            guard let baseline, let now, baseline > 0 else { return nil }
            return Double(now) / Double(baseline) - 1
        }

        /// Whether this line fails the gate: no count to compare, or more than the tolerance
        /// over the baseline (decided in integers, so 3% over exactly passes).
        var fails: Bool {
            guard let baseline, let now else { return true }
            return now * 100 > baseline * (100 + GateComparison.tolerancePercent)
        }
    }

    /// The measured workloads in the order measured, then any the baseline has that were not.
    var rows: [Row]

    /// `counts` (in the order measured) against `baseline`.
    init(baseline: [String: UInt64], counts: [(workload: String, instructions: UInt64)]) {
        rows = counts.map { Row(workload: $0.workload, baseline: baseline[$0.workload], now: $0.instructions) }
        let measured = Set(counts.map(\.workload))
        rows += baseline.keys.filter { !measured.contains($0) }.sorted().map { Row(workload: $0, baseline: baseline[$0], now: nil) }
    }

    /// Whether the gate fails.
    var fails: Bool { rows.contains(where: \.fails) }

    /// The table: workload, baseline, now, change (a line past the tolerance marked), one line
    /// per workload, counts with thousands separators, aligned.
    func table() -> String {
        let header = ["workload", "baseline", "now", "change"]
        let lines = rows.map { row -> [String] in
            let verdict: String
            switch (row.baseline, row.change) {
            case (_, let change?): verdict = Self.percent(change) + (row.fails ? "  FAIL (over +\(Self.tolerancePercent)%)" : "")
            case (nil, _): verdict = "FAIL: no baseline"
            default: verdict = "FAIL: not measured"
            }
            return [row.workload, row.baseline.map(Self.grouped) ?? "-", row.now.map(Self.grouped) ?? "-", verdict]
        }
        let widths = (0..<3).map { column in ([header] + lines).map { $0[column].count }.max() ?? 0 }
        return ([header] + lines).map { cells in
            let name = cells[0].padding(toLength: widths[0], withPad: " ", startingAt: 0)
            let counts = (1..<3).map { String(repeating: " ", count: widths[$0] - cells[$0].count) + cells[$0] }
            return ([name] + counts + [cells[3]]).joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// `value` with a comma every three digits: 1,234,567.
    static func grouped(_ value: UInt64) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// `fraction` as a signed percentage with two decimals: +1.25%, -0.40%, +0.00%.
    static func percent(_ fraction: Double) -> String {
        String(format: "%+.2f%%", fraction * 100)
    }
}
