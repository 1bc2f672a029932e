/// Why a text given on the command line is not a value of its option or argument. The parser
/// turns it into a usage error that names the option: `--interval: expected an integer in
/// 1...3600000, got "x"`.
public enum ValueError: Error, Hashable, Sendable {
    /// The text is not of the form the option takes; the payload says what it takes ("buy or sell").
    case expected(String)
}
