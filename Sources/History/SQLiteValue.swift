/// A value bound to or read from a statement. Money is never a real: a real read by
/// `history sql` (from an expression such as `avg(...)`) comes back as its text.
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case text(String)
}
