/// Exact decimal text for integers scaled by a power of ten: `"187.6543"` at scale 4 is
/// 1,876,543. Venues send money as decimal text (Alpaca: strings in trading objects, numbers in
/// market data); this reads and writes it without ever passing through a floating-point number.
public enum FixedPoint {
    /// The largest scale accepted: 10^18 is the largest power of ten in `Int64`.
    public static let maxScale = 18

    /// `text` (`-?digits(.digits)?([eE][+-]?digits)?`) times 10^`scale`, exactly; nil when the
    /// text is malformed, when it has a nonzero digit below 10^-`scale` (it cannot be held
    /// exactly), or when the value does not fit `Int64`.
    public static func parse(_ text: some Collection<UInt8>, scale: Int) -> Int64? {
        precondition((0...maxScale).contains(scale), "scale \(scale) is outside 0...\(maxScale)")
        var bytes = text.makeIterator()
        var next = bytes.next()
        let negative = next == UInt8(ascii: "-")
        if negative { next = bytes.next() }
        var digits: [UInt8] = []
        var fractionDigits = 0
        var integerDigits = 0
        while let byte = next, byte &- UInt8(ascii: "0") < 10 {
            digits.append(byte &- UInt8(ascii: "0"))
            integerDigits += 1
            next = bytes.next()
        }
        guard integerDigits > 0 else { return nil }
        if next == UInt8(ascii: ".") {
            next = bytes.next()
            while let byte = next, byte &- UInt8(ascii: "0") < 10 {
                digits.append(byte &- UInt8(ascii: "0"))
                fractionDigits += 1
                next = bytes.next()
            }
            guard fractionDigits > 0 else { return nil }
        }
        var exponent = 0
        if let byte = next, byte | 0x20 == UInt8(ascii: "e") {
            next = bytes.next()
            let negativeExponent = next == UInt8(ascii: "-")
            if next == UInt8(ascii: "-") || next == UInt8(ascii: "+") { next = bytes.next() }
            var exponentDigits = 0
            while let byte = next, byte &- UInt8(ascii: "0") < 10 {
                guard exponent < 1_000 else { return nil }
                exponent = exponent * 10 + Int(byte &- UInt8(ascii: "0"))
                exponentDigits += 1
                next = bytes.next()
            }
            guard exponentDigits > 0 else { return nil }
            if negativeExponent { exponent = -exponent }
        }
        guard next == nil else { return nil }
        return scaled(digits: digits, shift: scale + exponent - fractionDigits, negative: negative)
    }

    /// `text` times 10^`scale`, exactly, as `parse(_:scale:)` on its UTF-8.
    public static func parse(_ text: String, scale: Int) -> Int64? {
        parse(Array(text.utf8), scale: scale)
    }

    /// The digits times 10^`shift`: digits dropped by a negative shift must all be zero.
    private static func scaled(digits: [UInt8], shift: Int, negative: Bool) -> Int64? {
        var kept = digits[...]
        if shift < 0 {
            let dropped = min(-shift, digits.count)
            guard digits.suffix(dropped).allSatisfy({ $0 == 0 }) else { return nil }
            kept = digits.dropLast(dropped)
        }
        var magnitude: UInt64 = 0
        for digit in kept {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        if shift > 0, magnitude != 0 {
            for _ in 0..<shift {
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                guard !overflow else { return nil }
                magnitude = times10
            }
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }
}
