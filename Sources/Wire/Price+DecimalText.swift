import StrategyKit

extension Price {
    /// The decimal places of a dollar amount that `Price` and `Money` hold exactly: decimal text
    /// with more nonzero places than this is refused, never rounded.
    public static var decimalPlaces: Int { 4 }

    /// The price `text` names in decimal dollars (`187.65`), exactly; nil when it is not a
    /// decimal, has more places than `decimalPlaces`, or lies outside `0...maxAccepted`.
    public init?(dollars text: String) {
        guard let value = FixedPoint.parse(text, scale: Price.decimalPlaces),
              (0...Price.maxAccepted.units).contains(value) else { return nil }
        self.init(units: value)
    }
}

extension Money {
    /// The amount for a reader, sign first: `$1234.50`, `-$0.0125`.
    public var dollarText: String {
        units < 0 ? "-$" + description.dropFirst() : "$" + description
    }
}

extension JSONReader {
    /// Reads a price in decimal dollars, as a JSON number or a string holding one (`187.65`,
    /// `"187.65"`), exactly; refuses, naming `field`, text that is not one or a price outside
    /// `0...Price.maxAccepted`.
    public mutating func dollarPrice(field: @autoclosure () -> String) throws(JSONReadError) -> Price {
        let value = try fixedPoint(scale: Price.decimalPlaces, field: field())
        guard (0...Price.maxAccepted.units).contains(value) else {
            throw .refused("\(field()): \(Price(units: value)) is out of range 0...\(Price.maxAccepted)")
        }
        return Price(units: value)
    }

    /// Reads an amount of money in decimal dollars (`"-1234.50"`), exactly, as `dollarPrice`
    /// does but with any sign and size `Int64` holds.
    public mutating func dollarMoney(field: @autoclosure () -> String) throws(JSONReadError) -> Money {
        Money(units: try fixedPoint(scale: Price.decimalPlaces, field: field()))
    }
}

extension [UInt8] {
    /// Appends `price` as decimal dollars with at least two places and up to four (`187.65`,
    /// `0.0001`), unquoted.
    public mutating func appendDollars(_ price: Price) {
        appendFixedPoint(price.units, scale: Price.decimalPlaces, minimumFractionDigits: 2)
    }

    /// Appends `money` as decimal dollars with at least two places and up to four (`-1234.50`,
    /// `0.1234`), unquoted.
    public mutating func appendDollars(_ money: Money) {
        appendFixedPoint(money.units, scale: Price.decimalPlaces, minimumFractionDigits: 2)
    }
}
