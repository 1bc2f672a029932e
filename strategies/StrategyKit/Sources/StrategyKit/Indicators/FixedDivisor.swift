/// A positive divisor fixed when an indicator is made, with its reciprocal: division by it, for
/// a dividend below 2^52, is a floating-point estimate corrected exactly in integers, because a
/// hardware 64-bit division costs more than an indicator's whole update. The result is the
/// exact quotient whatever the estimate; only the speed depends on it.
@frozen @usableFromInline
struct FixedDivisor: Sendable {
    @usableFromInline let value: UInt64
    @usableFromInline let reciprocal: Double

    /// Division by `value`, which is positive and below 2^62.
    @usableFromInline
    init(_ value: Int) {
        precondition(value > 0 && value < 1 << 62, "FixedDivisor: \(value) is not in 1..<2^62")
        self.value = UInt64(value)
        reciprocal = 1 / Double(value)
    }

    /// `dividend / value` rounded to the nearest integer, halves away from zero, exactly.
    @inlinable
    func roundedHalfAway(_ dividend: Int64) -> Int64 {
        let magnitude = dividend.magnitude
        var quotient: UInt64
        if magnitude < 1 << 52 {
            // Within a step or two of the quotient rounded down, which the loops reach.
            quotient = UInt64(Double(magnitude) * reciprocal)
            while quotient * value > magnitude { quotient -= 1 }
            while magnitude - quotient * value >= value { quotient += 1 }
        } else {
            quotient = magnitude / value
        }
        if (magnitude - quotient * value) * 2 >= value { quotient += 1 }
        return dividend < 0 ? -Int64(quotient) : Int64(quotient)
    }
}
