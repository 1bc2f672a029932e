/// Why bytes are not the JSON a reader expected. Every case but `refused` carries the byte
/// offset (from the start of the input) where the reader stopped; callers say what the input
/// was (`at byte 12` in a response, `at column 13` of a ledger line).
public enum JSONReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Something else stood where `expectation` (`','`, `a string`, `an integer`) was due.
    case expected(String, offset: Int)
    /// A string held a raw control character (below U+0020), which JSON requires escaped.
    case controlCharacter(offset: Int)
    /// A string ran to the end of the input without its closing quote.
    case unterminatedString(offset: Int)
    /// A backslash escape is not one of JSON's (`\" \\ \/ \b \f \n \r \t \uXXXX`).
    case badEscape(offset: Int)
    /// A `\u` escape lacks its four hex digits, or names a surrogate that is not one of a pair.
    case badUnicodeEscape(offset: Int)
    /// A string's bytes are not UTF-8.
    case invalidUTF8(offset: Int)
    /// An integer has more digits than 64 bits hold.
    case integerOutOfRange(offset: Int)
    /// A number starts with a zero followed by more digits.
    case leadingZero(offset: Int)
    /// Arrays and objects nest deeper than `JSONReader.maxDepth`.
    case nestedTooDeeply(offset: Int)
    /// The JSON is well formed but its content is refused; `reason` names the field at fault.
    case refused(String)

    /// What went wrong, without where.
    public var reason: String {
        switch self {
        case .expected(let expectation, _): "expected \(expectation)"
        case .controlCharacter: "control character in a string"
        case .unterminatedString: "unterminated string"
        case .badEscape: "bad escape"
        case .badUnicodeEscape: "bad \\u escape"
        case .invalidUTF8: "invalid UTF-8 in a string"
        case .integerOutOfRange: "integer out of range"
        case .leadingZero: "leading zero"
        case .nestedTooDeeply: "nested more than \(JSONReader.maxDepth) levels deep"
        case .refused(let reason): reason
        }
    }

    /// The byte offset where the reader stopped; nil for `refused`, whose reason says where.
    public var offset: Int? {
        switch self {
        case .expected(_, let offset), .controlCharacter(let offset), .unterminatedString(let offset),
             .badEscape(let offset), .badUnicodeEscape(let offset), .invalidUTF8(let offset),
             .integerOutOfRange(let offset), .leadingZero(let offset), .nestedTooDeeply(let offset):
            offset
        case .refused: nil
        }
    }

    /// `reason at byte N` (or the reason alone for `refused`).
    public var description: String {
        guard let offset else { return reason }
        return "\(reason) at byte \(offset)"
    }
}
