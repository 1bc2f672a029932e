/// Something opening a ledger repaired, for the caller to log.
public enum LedgerWarning: Hashable, Sendable, CustomStringConvertible {
    /// The last line was torn (a crash mid-write) and was cut off: the file now ends at byte
    /// `offset`, where line `line` began; `bytes` bytes were removed.
    case tornTailCut(path: String, line: Int, offset: Int64, bytes: Int64, fault: LineFault)

    /// One log line saying what was done and where.
    public var description: String {
        switch self {
        case .tornTailCut(let path, let line, let offset, let bytes, let fault):
            "\(path): cut off a torn last line at byte offset \(offset) (line \(line), \(bytes) bytes: \(fault))"
        }
    }
}
