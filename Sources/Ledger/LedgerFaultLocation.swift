/// Where the first bad line of a ledger is and what is wrong with it.
public struct LedgerFaultLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line's number, from 1.
    public var line: Int
    /// The byte offset where the line starts.
    public var offset: Int64
    /// What is wrong.
    public var fault: LineFault

    /// `line N (byte B): <fault>`.
    public var description: String { "line \(line) (byte \(offset)): \(fault)" }
}
