extension [UInt8] {
    /// Appends `value` / 10^`scale` as exact decimal text with at least `minimumFractionDigits`
    /// fractional digits and no trailing zeros past them: at scale 4, 1,876,500 is `187.65`
    /// with a minimum of 2, 1,876,543 is `187.6543`, and -500 is `-0.05`.
    public mutating func appendFixedPoint(_ value: Int64, scale: Int, minimumFractionDigits: Int = 0) {
        precondition((0...FixedPoint.maxScale).contains(scale), "scale \(scale) is outside 0...\(FixedPoint.maxScale)")
        if value < 0 { append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        for _ in 0..<scale { divisor *= 10 }
        let magnitude = value.magnitude
        appendDecimal(magnitude / divisor)
        var fraction = magnitude % divisor
        var fractionDigits = scale
        while fractionDigits > minimumFractionDigits, fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        guard fractionDigits > 0 else { return }
        append(UInt8(ascii: "."))
        var text = [UInt8](repeating: UInt8(ascii: "0"), count: fractionDigits)
        for index in stride(from: fractionDigits - 1, through: 0, by: -1) {
            text[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        append(contentsOf: text)
    }
}
