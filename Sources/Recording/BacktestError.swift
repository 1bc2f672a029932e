/// Every infrastructure failure of recordings, backtests, their reports and sweeps (the parts
/// Recording, Reports, Backtest and Sweeps, split from one part; it lives in the lowest, whose
/// readers throw it). Refusals (a rejected simulated order) are values, not errors.
public enum BacktestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file could not be opened, read, created or written; `reason` is the system's message.
    case io(path: String, reason: String)
    /// The file does not start with a recording header this version can read.
    case badHeader(path: String, reason: String)
    /// A record (a JSON line, or a binary record) is malformed; `record` counts from 1 after the
    /// header (a JSON Lines file's line number minus one).
    case malformedRecord(path: String, record: Int, reason: String)
    /// A report could not be encoded or written to `path`.
    case report(path: String, reason: String)
    /// The engine under test threw (its journal could not record a fill); the run stops.
    case engine(reason: String)
    /// A sweep's `name=value[,value...]` argument is malformed.
    case badParameter(argument: String, reason: String)
    /// A file of a planned sweep's directory (`sweep.json`, a cell or a result) is missing or
    /// does not hold what `tickwork sweep plan` or a cell's run writes there.
    case badSweep(path: String, reason: String)

    public var description: String {
        switch self {
        case .io(let path, let reason): "\(path): \(reason)"
        case .badHeader(let path, let reason): "\(path): not a Tickwork recording: \(reason)"
        case .malformedRecord(let path, let record, let reason): "\(path): record \(record): \(reason)"
        case .report(let path, let reason): "\(path): cannot write report: \(reason)"
        case .engine(let reason): "the engine stopped: \(reason)"
        case .badParameter(let argument, let reason): "--param \(argument): \(reason)"
        case .badSweep(let path, let reason): "\(path): \(reason)"
        }
    }
}
