import Glibc

extension Double {
    /// The number rounded to `places` decimals by C's `%.*f` (the exact binary value rounded,
    /// so 2.675 is `2.67`), for the ratios and durations reports show (`1.50`, `-0.03`, `nan`,
    /// `inf`); never used for money, which is integer.
    public func fixedText(places: Int) -> String {
        // The longest finite double written this way has 309 integer digits.
        var buffer = [CChar](repeating: 0, count: 320 + places)
        let written = withVaList([Int32(places), self]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.*f", arguments)
        }
        precondition(written >= 0 && Int(written) < buffer.count, "vsnprintf refused \(places) places")
        return String(decoding: buffer.prefix(Int(written)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
