import StrategyKit
import Wire

extension JSONWriter {
    /// `"key":` then `value` as a JSON string of decimal dollars (trading objects' money).
    mutating func dollarString(_ key: StaticString, _ value: Money) {
        member(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.appendDollars(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"key":` then `value` as a JSON string of decimal dollars, or `null`.
    mutating func dollarString(_ key: StaticString, _ value: Price?) {
        member(key)
        guard let value else { return raw("null") }
        bytes.append(UInt8(ascii: "\""))
        bytes.appendDollars(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"key":` then a whole number as a JSON string (`"qty":"10"`).
    mutating func intString(_ key: StaticString, _ value: Int64) {
        member(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.appendDecimal(value)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"key":` then `numerator / denominator` as a JSON string with up to four places (0 when
    /// the denominator is 0): the ratios of a position (`unrealized_plpc`, `change_today`).
    mutating func ratioString(_ key: StaticString, _ numerator: Int64, over denominator: Int64) {
        member(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.appendFixedPoint(denominator == 0 ? 0 : numerator * 10_000 / denominator, scale: 4)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"key":` then `value` as a JSON number of decimal dollars (market data).
    mutating func dollarNumber(_ key: StaticString, _ value: Price) {
        member(key)
        bytes.appendDollars(value)
    }

    /// `"key":` then a JSON string.
    mutating func stringMember(_ key: StaticString, _ value: String) {
        member(key)
        string(value)
    }

    /// `"key":` then a time, or `null`.
    mutating func timeMember(_ key: StaticString, _ value: Timestamp?) {
        member(key)
        guard let value else { return raw("null") }
        timestamp(value)
    }

    /// `"key":` then an integer.
    mutating func intMember(_ key: StaticString, _ value: Int64) {
        member(key)
        int(value)
    }

    /// `"key":` then `true` or `false`.
    mutating func boolMember(_ key: StaticString, _ value: Bool) {
        member(key)
        bool(value)
    }

    /// `"key":` after a comma unless it opens an object or array.
    mutating func member(_ key: StaticString) {
        if let last = bytes.last, last != UInt8(ascii: "{"), last != UInt8(ascii: "[") { bytes.append(UInt8(ascii: ",")) }
        self.key(key)
    }

    /// `{"code":N,"message":"..."}`: Alpaca's error body.
    mutating func alpacaFailure(_ failure: AlpacaFailure) {
        raw("{")
        intMember("code", Int64(failure.code))
        stringMember("message", failure.message)
        raw("}")
    }
}

extension JSONWriter {
    /// `[e1,e2,...]`, each element written by `write`.
    mutating func array<Element>(_ elements: some Sequence<Element>, _ write: (inout JSONWriter, Element) -> Void) {
        raw("[")
        for (index, element) in elements.enumerated() {
            if index > 0 { raw(",") }
            write(&self, element)
        }
        raw("]")
    }
}
