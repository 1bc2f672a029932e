extension StringProtocol {
    /// This text without leading and trailing white space and newlines, as a key, token or
    /// status file is read (an editor's final newline is not part of the value).
    public var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
