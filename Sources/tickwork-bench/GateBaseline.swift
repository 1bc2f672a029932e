import Foundation

/// The performance gate's baseline, kept in the repository (`gate-baseline.json` beside this
/// file): the instructions each workload took, counted by callgrind at one commit.
struct GateBaseline: Codable, Equatable {
    /// The commit the counts were measured at: `git rev-parse HEAD` when `gate --update` ran (for
    /// a baseline updated with a change, the commit the change was made on).
    var commit: String
    /// Instructions per workload, by workload name.
    var instructions: [String: UInt64]

    /// The baseline in `data`; throws naming `path` when it is not one.
    static func parse(_ data: Data, path: String) throws -> GateBaseline {
        do {
            return try JSONDecoder().decode(GateBaseline.self, from: data)
        } catch {
            throw DaemonMemoryBench.BenchError(
                "\(path): not a gate baseline ({\"commit\": \"...\", \"instructions\": {\"workload\": count, ...}}): \(error)")
        }
    }

    /// The file's text: keys sorted, one workload a line, so that a change of baseline reads as
    /// a diff of the workloads that moved.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self) + Data("\n".utf8)
    }
}
