/// Something a reader tolerated rather than failed on; returned to the caller, never logged.
public enum RecordingWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file ends in an incomplete record (a recorder that was killed mid-write); it was
    /// ignored. `record` is its number counted from 1 after the header, `bytes` its length.
    case truncatedFinalRecord(path: String, record: Int, bytes: Int)

    public var description: String {
        switch self {
        case .truncatedFinalRecord(let path, let record, let bytes):
            "\(path): record \(record) is incomplete (\(bytes) bytes, no end); ignored"
        }
    }
}
