/// Something a reader tolerated rather than failed on; returned to the caller, never logged.
public enum RecordingWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file ends in an incomplete record (a recorder that was killed mid-write); it was
    /// ignored. `record` is its number counted from 1 after the header, `bytes` its length.
    case truncatedFinalRecord(path: String, record: Int, bytes: Int)
    /// A compact recording's damaged record at byte `offset` was skipped, with the `bytes` from
    /// it to the next intact full book, where reading resumed.
    case damageSkipped(path: String, offset: Int, bytes: Int)
    /// After damage, `count` books of a compact recording were skipped: deltas of streams whose
    /// base was lost, up to each stream's next full book.
    case booksSkippedAfterDamage(path: String, count: Int)

    public var description: String {
        switch self {
        case .truncatedFinalRecord(let path, let record, let bytes):
            "\(path): record \(record) is incomplete (\(bytes) bytes, no end); ignored"
        case .damageSkipped(let path, let offset, let bytes):
            "\(path): \(bytes) bytes from the damaged record at byte \(offset) to the next full book skipped"
        case .booksSkippedAfterDamage(let path, let count):
            "\(path): \(count) books after the damage skipped until their symbol's next full book"
        }
    }
}
