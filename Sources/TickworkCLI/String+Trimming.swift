extension String {
    /// This text without leading and trailing white space and newlines, as a key or token file
    /// is read (an editor's final newline is not part of the secret).
    var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
