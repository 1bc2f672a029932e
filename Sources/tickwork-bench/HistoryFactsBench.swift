import Foundation
import History

/// Storing a company-facts document's facts in the history: 100,000 facts (500 concepts of
/// 200 values each, concept by concept as the document lists them, a tenth of them instants,
/// values of 1 to 18 digits, some negative and some fractional) into a new database in one
/// transaction, then the same again, which adds none.
/// Rows/s by the thread's CPU time (the one-core figure on a shared machine; SQLite syncs
/// nothing at a commit in WAL mode with synchronous NORMAL) and by the wall clock, the median of
/// 3 runs, each into a database of its own.
enum HistoryFactsBench {
    static let facts = 100_000
    static let concepts = 500

    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-facts-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let rows = generate()
        var first: [(cpu: Double, wall: Double)] = []
        var again: [(cpu: Double, wall: Double)] = []
        func timed(_ body: () throws -> Int) rethrows -> (count: Int, cpu: Double, wall: Double) {
            let (cpu, wall) = (threadCPUNanoseconds(), monotonicNanoseconds())
            let count = try body()
            return (count, Double(threadCPUNanoseconds() - cpu) / 1e9, Double(monotonicNanoseconds() - wall) / 1e9)
        }
        for run in 0..<3 {
            let database = try HistoryDatabase(path: "\(directory)/facts-\(run).sqlite")
            let added = try timed { try database.insert(rows) }
            precondition(added.count == facts, "every fact is new in a new database")
            first.append((added.cpu, added.wall))
            let addedAgain = try timed { try database.insert(rows) }
            precondition(addedAgain.count == 0, "no fact is new the second time")
            again.append((addedAgain.cpu, addedAgain.wall))
        }
        for (name, runs) in [("historyFacts.insert", first), ("historyFacts.insertAgain", again)] {
            let wall = runs.map(\.wall).sorted()[1]
            Figure(
                name: name, unit: "rows/s", value: Double(facts) / runs.map(\.cpu).sorted()[1],
                inputs: [
                    "facts": String(facts), "concepts": String(concepts), "transaction": "one per insert", "runs": "3, the median shown",
                    "clock": "thread CPU; by the wall clock \(Int(Double(facts) / wall)) rows/s",
                ]
            ).print()
        }
    }

    /// The facts of one company, as a companyfacts document holds them.
    static func generate() -> [HistoryFact] {
        var state: UInt64 = 52
        return (0..<facts).map { index in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Concept by concept, as a companyfacts document lists them.
            let concept = index / (facts / concepts)
            let entry = index % (facts / concepts)
            let year = 2000 + entry / 8
            let quarter = entry % 4 + 1
            let isInstant = concept % 10 == 0
            let digits = String(state >> 4).prefix(1 + Int(state % 18))
            let value = (state & 0x100 != 0 ? "-" : "") + digits + (concept % 7 == 0 ? ".\(state % 100)" : "")
            return HistoryFact(
                cik: 320193, taxonomy: concept < 20 ? "dei" : "us-gaap", concept: "Concept\(concept)Reported",
                unit: concept % 7 == 0 ? "USD/shares" : (concept % 10 == 0 ? "shares" : "USD"),
                periodStart: isInstant ? nil : "\(year)-0\(quarter * 2)-01", periodEnd: "\(year)-0\(quarter * 2)-28", value: value,
                form: quarter == 4 ? "10-K" : "10-Q", filed: "\(year + 1)-01-15", accession: "0000320193-\(year % 100)-\(100_000 + entry)",
                fiscalYear: Int64(year), fiscalPeriod: quarter == 4 ? "FY" : "Q\(quarter)", frame: entry % 3 == 0 ? "CY\(year)Q\(quarter)" : nil)
        }
    }
}
