extension UInt128 {
    /// The integer square root, `floor(sqrt(self))`, exactly: what the standard deviation and
    /// Bollinger bands take of an exact sum of squares, so that no floating-point rounding
    /// reaches a price.
    ///
    /// Below 2^64 (every window of prices within `Price.maxAccepted` but the widest) a `Double`
    /// estimate corrected by whole steps; above it, Newton's iteration in 128 bits from a power
    /// of two at or above the root.
    @inlinable
    var squareRootRoundedDown: UInt128 {
        if let narrow = UInt64(exactly: self) {
            // The estimate is within a step of the root; capped so that its square fits.
            var root = Swift.min(UInt64(Double(narrow).squareRoot()), UInt64(UInt32.max))
            while root * root > narrow { root -= 1 }
            while root < UInt64(UInt32.max), (root + 1) * (root + 1) <= narrow { root += 1 }
            return UInt128(root)
        }
        return wideSquareRootRoundedDown
    }

    /// `squareRootRoundedDown` at or above 2^64, out of line: rare, and not worth inlining.
    @usableFromInline
    var wideSquareRootRoundedDown: UInt128 {
        var root = UInt128(1) << ((UInt128.bitWidth - leadingZeroBitCount + 1) / 2)
        while true {
            let next = (root + self / root) / 2
            if next >= root { return root }
            root = next
        }
    }
}
