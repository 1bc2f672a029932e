/// A row the history can show: its column names (the database's own, so `--json`, `--csv` and
/// `history sql` agree) and its values in the same order, amounts as integers in the price unit.
public protocol HistoryRecord: Sendable {
    static var columns: [String] { get }
    var values: [SQLiteValue] { get }
}

extension SQLiteValue {
    init(_ value: Int64?) { self = value.map { .integer($0) } ?? .null }
    init(_ value: String?) { self = value.map { .text($0) } ?? .null }
}
