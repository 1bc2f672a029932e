import Glibc

/// Reads a ledger file that another process may be appending to, checking every line.
public enum LedgerReader {
    /// Calls `body` with each entry whose sequence number is at least `sequence`, in order, and
    /// returns what all the lines add up to.
    ///
    /// Every line from the first is checked (the chain needs them all). A last line without a
    /// newline is taken as a write in progress and left out; any other bad line throws
    /// `.corrupt`.
    @discardableResult
    public static func forEach(
        in path: String, from sequence: UInt64 = 1, _ body: (LedgerEntry) -> Void
    ) throws(LedgerError) -> LedgerState {
        let fd = try LedgerFile.openForReading(path)
        defer { close(fd) }
        let scan = try LedgerScan.run(fd: fd, path: path) { entry in
            if entry.sequence >= sequence { body(entry) }
        }
        if let fault = scan.fault, fault.fault != .torn {
            throw .corrupt(path: path, line: fault.line, offset: fault.offset, fault: fault.fault)
        }
        return scan.scanner.state
    }

    /// The entries whose sequence number is at least `sequence`, read as `forEach` does.
    public static func entries(in path: String, from sequence: UInt64 = 1) throws(LedgerError) -> [LedgerEntry] {
        var entries: [LedgerEntry] = []
        try forEach(in: path, from: sequence) { entries.append($0) }
        return entries
    }
}
