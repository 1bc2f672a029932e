import CommandLineKit
import FoundationEssentials
import Risk
import SystemIO
import Wire

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
        defer { close(fd) }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count == 0 { break }
            guard count > 0 else {
                if errno == EINTR { continue }
                throw CLIError.failure("\(path): cannot read the trading states: \(String(cString: strerror(errno))); refusing to start")
            }
            data += buffer[..<count]
        }
        do {
            return try JSONDecoder().decode(RiskState.self, from: Data(data))
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
