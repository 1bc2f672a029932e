import Foundation
import Risk

/// The trading states file (`riskStatePath`): written by the daemon on every state change,
/// edited by `tickwork resume`.
enum RiskStateFile {
    /// The states in `path`, or nil if there is no such file.
    static func load(_ path: String) throws -> RiskState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try JSONDecoder().decode(RiskState.self, from: data)
        } catch {
            throw CLIError.failure("\(path): not a trading-state file: \(error)")
        }
    }

    /// Writes `state` to `path` atomically.
    static func save(_ state: RiskState, to path: String) throws {
        do {
            try JSONEncoder().encode(state).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CLIError.failure("\(path): cannot write the trading states: \(error.localizedDescription)")
        }
    }
}
