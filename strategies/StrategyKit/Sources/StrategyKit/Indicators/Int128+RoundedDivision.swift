extension Int128 {
    /// `self / divisor` (divisor positive) rounded to the nearest integer, halves away from zero:
    /// how every indicator turns an exact wide sum into a `Price`. Takes `Price.divide` (one
    /// 64-bit division) whenever `self` fits in `Int64`, the wide division only when it does not.
    /// Traps where the result leaves `Int64`.
    @inlinable
    func dividedRoundingHalfAway(by divisor: Int64) -> Int64 {
        if let narrow = Int64(exactly: self) {
            return Price.divide(narrow, by: divisor, rounding: .toNearestOrAwayFromZero)
        }
        return wideDividedRoundingHalfAway(by: divisor)
    }

    /// `dividedRoundingHalfAway` past `Int64`, out of line: rare, and not worth inlining.
    @usableFromInline
    func wideDividedRoundingHalfAway(by divisor: Int64) -> Int64 {
        let wideDivisor = Int128(divisor)
        let (quotient, remainder) = quotientAndRemainder(dividingBy: wideDivisor)
        guard remainder.magnitude * 2 >= wideDivisor.magnitude else { return Int64(quotient) }
        return Int64(quotient + (self < 0 ? -1 : 1))
    }
}
