import Foundation
import Ledger
import Risk

#if canImport(Glibc)
import Glibc
#endif

/// The trading states file (`riskStatePath`): written by the daemon on every state change,
/// edited by `tickwork resume`.
enum RiskStateFile {
    /// The states in `path`, or nil if there is no such file (nothing has been halted). A file
    /// that exists but cannot be read or decoded is an error naming it: a halt must never be
    /// lost by reading it as "nothing halted".
    static func load(_ path: String) throws -> RiskState? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0, errno == ENOENT { return nil }
        guard fd >= 0 else {
            throw CLIError.failure("\(path): cannot read the trading states: \(String(cString: strerror(errno))); refusing to start")
        }
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            throw CLIError.failure("\(path): cannot read the trading states: \(error.localizedDescription); refusing to start")
        }
        do {
            return try JSONDecoder().decode(RiskState.self, from: data)
        } catch {
            throw CLIError.failure("\(path): not a trading-state file: \(error)")
        }
    }

    /// Writes `state` to `path` durably (`DurableFile.replace`).
    static func save(_ state: RiskState, to path: String) throws {
        do {
            try DurableFile.replace(path, with: Array(JSONEncoder().encode(state)))
        } catch {
            throw CLIError.failure("\(path): cannot write the trading states: \(error)")
        }
    }
}
