import StrategyKit
import Wire

extension [UInt8] {
    /// Appends `,"name":"<dollars>"` (without the comma when `first`): Alpaca's request bodies
    /// carry prices as decimal strings.
    mutating func appendDollarsField(_ name: String, _ price: Price, first: Bool = false) {
        if !first { append(UInt8(ascii: ",")) }
        appendJSONString(name)
        append(contentsOf: Array(#":""#.utf8))
        appendDollars(price)
        append(UInt8(ascii: "\""))
    }
}
