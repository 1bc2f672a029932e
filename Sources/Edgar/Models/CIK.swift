import Wire

/// A Central Index Key: EDGAR's number for a filer, at most ten digits. Its documents name it
/// padded to ten (`CIK0000320193.json`, `"cik":"0000320193"`), the company list as a number.
public struct CIK: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The number, 1 to 9,999,999,999.
    public let value: Int

    /// The CIK `value`, or nil outside 1...9,999,999,999.
    public init?(_ value: Int) {
        guard (1...9_999_999_999).contains(value) else { return nil }
        self.value = value
    }

    /// Parses up to ten digits, zero-padded or not (`"0000320193"`, `"320193"`).
    public init?(_ text: some StringProtocol) {
        let digits = text.utf8
        guard (1...10).contains(digits.count), digits.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }), let value = Int(text)
        else { return nil }
        self.init(value)
    }

    /// Ten digits, zero-padded, as EDGAR's paths spell it.
    public var padded: String {
        let digits = String(value)
        return String(repeating: "0", count: 10 - digits.count) + digits
    }

    /// The number without padding, as in a document's archive path.
    public var description: String { String(value) }

    public static func < (lhs: CIK, rhs: CIK) -> Bool { lhs.value < rhs.value }
}

extension JSONReader {
    /// Reads a CIK given as a number (`320193`) or as a string of digits (`"0000320193"`);
    /// anything else throws `refused` naming `field`.
    mutating func cik(field: @autoclosure () -> String) throws(JSONReadError) -> CIK {
        skipWhitespace()
        let cik: CIK?
        if current == UInt8(ascii: "\"") {
            cik = CIK(try string())
        } else {
            let number = try int64()
            cik = Int(exactly: number).flatMap(CIK.init)
        }
        guard let cik else { throw .refused("\(field()): not a CIK of one to ten digits") }
        return cik
    }
}
