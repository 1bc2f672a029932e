/// The rows of a caller's statement: column names and values.
public struct HistoryRows: Hashable, Sendable {
    public var columns: [String]
    public var rows: [[SQLiteValue]]
}
