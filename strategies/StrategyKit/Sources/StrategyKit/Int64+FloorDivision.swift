extension Int64 {
    /// Division rounding the quotient down (toward minus infinity), so that the remainder is
    /// never negative: what counting days or periods before 1970 needs, where `/` and `%` round
    /// toward zero. `divisor` must be positive; no other value traps, `Int64.min` included.
    @inlinable
    func divided(roundingDownBy divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
