/// How a JSON writer escapes control characters in strings. Both are valid JSON and read back
/// the same; each format keeps the one its bytes have always had.
public enum JSONStringStyle: Sendable {
    /// Every control character as `\u00XX` (ledger lines, recordings, request bodies).
    case unicodeEscapes
    /// `\n`, `\r` and `\t` as two-character escapes, the other control characters as `\u00XX`
    /// (the simulated exchange's responses).
    case shortEscapes
}
