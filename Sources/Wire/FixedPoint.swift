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
        if let value = text.withContiguousStorageIfAvailable({ parse(UnsafeRawBufferPointer($0), scale: scale) }) {
            return value
        }
        return Array(text).withUnsafeBytes { parse($0, scale: scale) }
    }

    /// `text` times 10^`scale`, exactly, as `parse(_:scale:)` on its UTF-8.
    public static func parse(_ text: String, scale: Int) -> Int64? {
        parse(text.utf8, scale: scale)
    }

    /// `text` times 10^`scale`, exactly, as `parse(_:scale:)`, read in place: it allocates
    /// nothing, so readers of long pages of numbers (10,000 bars) can call it per number.
    public static func parse(_ text: UnsafeRawBufferPointer, scale: Int) -> Int64? {
        precondition((0...maxScale).contains(scale), "scale \(scale) is outside 0...\(maxScale)")
        guard let decimal = DecimalParts(text) else { return nil }
        return scaled(decimal.digits, shift: scale + decimal.exponent - decimal.digits.fraction.count, negative: decimal.negative)
    }

    /// Whether `text` is a decimal (`-?digits(.digits)?([eE][+-]?digits)?`) of any length and
    /// any number of places: for values read as text and kept as text, never as a number.
    public static func isDecimal(_ text: UnsafeRawBufferPointer) -> Bool {
        DecimalParts(text) != nil
    }

    /// The parts of decimal text, found in place.
    private struct DecimalParts {
        let negative: Bool
        let digits: Digits
        let exponent: Int

        /// The parts of `text`; nil when it is not a decimal or its exponent passes 1,000.
        init?(_ text: UnsafeRawBufferPointer) {
            let count = text.count
            var index = 0
            negative = count > 0 && text[0] == UInt8(ascii: "-")
            if negative { index = 1 }
            let integerStart = index
            while index < count, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            let integerEnd = index
            guard integerEnd > integerStart else { return nil }
            var fractionStart = index, fractionEnd = index
            if index < count, text[index] == UInt8(ascii: ".") {
                index += 1
                fractionStart = index
                while index < count, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
                fractionEnd = index
                guard fractionEnd > fractionStart else { return nil }
            }
            var exponent = 0
            if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                let negativeExponent = index < count && text[index] == UInt8(ascii: "-")
                if index < count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
                let exponentStart = index
                while index < count, text[index] &- UInt8(ascii: "0") < 10 {
                    guard exponent < 1_000 else { return nil }
                    exponent = exponent * 10 + Int(text[index] &- UInt8(ascii: "0"))
                    index += 1
                }
                guard index > exponentStart else { return nil }
                if negativeExponent { exponent = -exponent }
            }
            guard index == count else { return nil }
            digits = Digits(text: text, integer: integerStart..<integerEnd, fraction: fractionStart..<fractionEnd)
            self.exponent = exponent
        }
    }

    /// The integer and fraction digits of a decimal, read in place as one run of digits.
    private struct Digits {
        let text: UnsafeRawBufferPointer
        let integer: Range<Int>
        let fraction: Range<Int>

        var count: Int { integer.count + fraction.count }

        /// The value of the `position`th digit of the run.
        subscript(position: Int) -> UInt8 {
            let index = position < integer.count ? integer.lowerBound + position : fraction.lowerBound + position - integer.count
            return text[index] &- UInt8(ascii: "0")
        }
    }

    /// The digits times 10^`shift`: digits dropped by a negative shift must all be zero.
    private static func scaled(_ digits: Digits, shift: Int, negative: Bool) -> Int64? {
        var kept = digits.count
        if shift < 0 {
            kept -= min(-shift, digits.count)
            for position in kept..<digits.count where digits[position] != 0 { return nil }
        }
        var magnitude: UInt64 = 0
        for position in 0..<kept {
            let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(UInt64(digits[position]))
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
