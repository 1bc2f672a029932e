import Foundation
import Testing
@testable import tickwork_bench

/// The performance gate's verdict and table, and its baseline file, apart from callgrind.
@Suite(.timeLimit(.minutes(10))) struct GateComparisonTests {
    @Test func threePercentOverTheBaselinePassesAndOneInstructionMoreFails() {
        let passing = GateComparison(baseline: ["a": 100_000], counts: [("a", 103_000)])
        #expect(!passing.fails)
        let failing = GateComparison(baseline: ["a": 100_000], counts: [("a", 103_001)])
        #expect(failing.fails)
    }

    @Test func anyCountUnderTheBaselinePasses() {
        #expect(!GateComparison(baseline: ["a": 100_000, "b": 5], counts: [("a", 1), ("b", 5)]).fails)
    }

    @Test func oneWorkloadOverTheToleranceFailsTheGate() {
        let comparison = GateComparison(baseline: ["a": 1_000, "b": 1_000], counts: [("a", 900), ("b", 1_040)])
        #expect(comparison.fails)
        #expect(comparison.rows.map(\.fails) == [false, true])
    }

    @Test func aWorkloadWithoutBaselineAndABaselineWithoutWorkloadBothFail() {
        let comparison = GateComparison(baseline: ["gone": 10, "kept": 10], counts: [("kept", 10), ("new", 10)])
        #expect(comparison.rows.map(\.workload) == ["kept", "new", "gone"])
        #expect(comparison.rows.map(\.fails) == [false, true, true])
    }

    @Test func theTableAlignsCountsAndMarksWhatFails() {
        let table = GateComparison(baseline: ["matching": 1_234_567, "ledger.verify": 1_000, "gone": 7], counts: [
            ("matching", 1_222_221), ("ledger.verify", 1_050), ("new", 12),
        ]).table()
        #expect(table == """
            workload        baseline        now  change
            matching       1,234,567  1,222,221  -1.00%
            ledger.verify      1,000      1,050  +5.00%  FAIL (over +3%)
            new                    -         12  FAIL: no baseline
            gone                   7          -  FAIL: not measured
            """)
    }

    @Test func countsAreGroupedByThousands() {
        #expect(GateComparison.grouped(0) == "0")
        #expect(GateComparison.grouped(999) == "999")
        #expect(GateComparison.grouped(1_000) == "1,000")
        #expect(GateComparison.grouped(12_345_678_901) == "12,345,678,901")
    }

    @Test func aBaselineWrittenIsReadBackAndListsOneWorkloadALine() throws {
        let baseline = GateBaseline(commit: "ff9baad", instructions: ["b": 2, "a": 1])
        let data = try baseline.encoded()
        #expect(try GateBaseline.parse(data, path: "gate-baseline.json") == baseline)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"a\" : 1,\n"))
        #expect(text.firstRange(of: "\"a\"")!.lowerBound < text.firstRange(of: "\"b\"")!.lowerBound)
    }

    @Test func aFileThatIsNotABaselineIsRefusedNamingIt() {
        #expect {
            try GateBaseline.parse(Data(#"{"commit": "x", "instructions": {"a": "many"}}"#.utf8), path: "here.json")
        } throws: { error in
            "\(error)".hasPrefix("here.json: not a gate baseline")
        }
    }

    @Test func callgrindsTotalIsReadFromItsOutput() throws {
        let output = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nfl=(1) a.c\nfn=(1) main\n3 12\ntotals: 4567890\n"
        #expect(try Callgrind.total(callgrindOutput: output, path: "x.callgrind") == 4_567_890)
        #expect(throws: (any Error).self) { try Callgrind.total(callgrindOutput: "events: Ir\n", path: "x.callgrind") }
    }
}
