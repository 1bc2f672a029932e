import CommandLineKit
import StrategyKit
import Wire

extension ValueParser where Value == Price {
    /// A price in dollars (`49.50`, to $0.0001) or, with an explicit `c`, in cents (`4950c`,
    /// `4950.5c`), from `range`, read exactly (never through a `Double`). A bare integer was a
    /// price in cents before prices were dollars: it is still read so, with a deprecation
    /// warning, for one release (write `49.50` or `4950c`).
    static func price(in range: ClosedRange<Price>) -> ValueParser<Price> {
        let expected = "a price in dollars such as 49.50, or cents such as 4950c, from \(range.lowerBound) to \(range.upperBound)"
        return ValueParser(noting: { text throws(ValueError) in
            guard let (price, isOldForm) = PriceText.parse(text), range.contains(price) else { throw .expected(expected) }
            return (price, isOldForm ? "a bare integer is cents for one more release; write dollars (\(price)) or cents with c (\(text)c)" : nil)
        })
    }
}

/// The text of a price on the command line.
enum PriceText {
    /// The price `text` names and whether it is the old bare-cents form; nil when it names none.
    static func parse(_ text: String) -> (Price, isOldForm: Bool)? {
        var digits = Substring(text)
        let cents = digits.hasSuffix("c")
        if cents { digits = digits.dropLast() }
        let body = digits.hasPrefix("-") ? digits.dropFirst() : digits
        // Plain decimals only: FixedPoint also reads exponents, which no one types for a price.
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), body.filter({ $0 == "." }).count <= 1,
              body.first != ".", body.last != "."
        else { return nil }
        let bareInteger = !cents && !body.contains(".")
        // Cents carry two fewer decimal places than dollars; a bare integer is cents too.
        let scale = cents || bareInteger ? Price.decimalPlaces - 2 : Price.decimalPlaces
        guard let units = FixedPoint.parse(String(digits), scale: scale) else { return nil }
        return (Price(units: units), bareInteger)
    }
}
