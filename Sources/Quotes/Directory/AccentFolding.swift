/// Folds text for matching: ASCII letters to lower case, the accented Latin letters of
/// U+00C0...U+017F to their base letters (`é` to `e`, `ß` to `ss`, `Ø` to `o`) with a small
/// table, so that "nestle" finds "Nestlé" without Foundation's locale machinery. Other
/// characters are kept as their UTF-8 bytes, combining accents dropped,, so that they still match themselves.
public enum AccentFolding {
    /// The folded UTF-8 bytes of `text`.
    public static func fold(_ text: String) -> [UInt8] {
        var folded: [UInt8] = []
        folded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                folded.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
            } else if (0x300..<0x370).contains(value) {
                // A combining accent of decomposed text (`e` + U+0301) folds to nothing.
                continue
            } else if (0xC0..<0x180).contains(value), !latin[Int(value - 0xC0)].isEmpty {
                folded.append(contentsOf: latin[Int(value - 0xC0)].utf8)
            } else {
                folded.append(contentsOf: String(scalar).utf8)
            }
        }
        return folded
    }

    /// Whether `byte` of folded text is a letter or digit (word boundaries fall elsewhere;
    /// bytes of characters outside ASCII count as letters).
    @inline(__always)
    public static func isWordByte(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte >= 0x80
    }

    /// The base letters of U+00C0...U+017F, in order; "" for the two signs among them (× and ÷).
    private static let latin: [String] = [
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "ss",
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "", "o", "u", "u", "u", "u", "y", "th", "y",
        "a", "a", "a", "a", "a", "a", "c", "c", "c", "c", "c", "c", "c", "c", "d", "d",
        "d", "d", "e", "e", "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
        "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i", "i", "i", "i", "i",
        "i", "i", "ij", "ij", "j", "j", "k", "k", "k", "l", "l", "l", "l", "l", "l", "l",
        "l", "l", "l", "n", "n", "n", "n", "n", "n", "n", "n", "n", "o", "o", "o", "o",
        "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s", "s", "s", "s", "s",
        "s", "s", "t", "t", "t", "t", "t", "t", "u", "u", "u", "u", "u", "u", "u", "u",
        "u", "u", "u", "u", "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "s",
    ]
}
