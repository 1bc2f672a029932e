import Glibc

/// The result of checking a ledger file line by line: the first bad line, if any, and what the
/// good lines add up to (entries, sequence range, fills and volume per symbol, holdings).
public struct LedgerVerification: Sendable {
    /// The file checked.
    public var path: String
    /// What the lines before the first bad one add up to.
    public var state: LedgerState
    /// The first line that breaks a rule of the format; nil when every line checks out.
    public var firstFault: LedgerFaultLocation?
    /// True when the only bad line is a torn last line, which opening the ledger cuts off.
    public var faultIsTornTail: Bool
    /// How many bytes were checked.
    public var bytesChecked: Int64

    /// Whether every line checks out. An empty file is a clean ledger without entries.
    public var isClean: Bool { firstFault == nil }

    /// The first sequence number (1), or nil for an empty ledger.
    public var firstSequence: UInt64? { state.entryCount > 0 ? 1 : nil }

    /// Checks every line of the file at `path` without changing it. Throws only when the file
    /// cannot be read; a bad line is reported in `firstFault`.
    public init(path: String) throws(LedgerError) {
        let fd = try LedgerFile.openForReading(path)
        defer { close(fd) }
        let scan = try LedgerScan.run(fd: fd, path: path)
        self.path = path
        state = scan.scanner.state
        firstFault = scan.fault
        faultIsTornTail = scan.faultIsTornTail
        bytesChecked = scan.bytesRead
    }
}
