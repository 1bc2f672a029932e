import StrategyKit
import Wire

extension JSONReader {
    /// The scale shares are read at before checking that they are whole: 10^9 holds every
    /// fractional quantity Alpaca sends.
    private static let shareScale = 9
    private static let shareUnit: Int64 = 1_000_000_000

    /// Reads a number of shares, as a JSON number or a string holding one (`"10"`, `10`),
    /// signed. A fractional quantity (`"1.5"`) is refused, naming `field`: Tickwork trades whole
    /// shares, and an account holding fractions must be settled by hand first.
    mutating func shares(field: @autoclosure () -> String) throws(JSONReadError) -> Quantity {
        let scaled = try fixedPoint(scale: Self.shareScale, field: field())
        guard scaled % Self.shareUnit == 0 else {
            throw .refused("\(field()): a fractional quantity of shares; Tickwork trades whole shares only")
        }
        return Quantity(shares: scaled / Self.shareUnit)
    }

    /// Reads `shares(field:)`, or nil for `null`.
    mutating func optionalShares(field: @autoclosure () -> String) throws(JSONReadError) -> Quantity? {
        try null() ? nil : try shares(field: field())
    }

    /// Reads a price in decimal dollars, or nil for `null`.
    mutating func optionalDollarPrice(field: @autoclosure () -> String) throws(JSONReadError) -> Price? {
        try null() ? nil : try dollarPrice(field: field())
    }

    /// Reads a time, or nil for `null`.
    mutating func optionalTimestamp() throws(JSONReadError) -> Timestamp? {
        try null() ? nil : try timestamp()
    }

    /// Reads a string, or nil for `null`.
    mutating func optionalString() throws(JSONReadError) -> String? {
        try null() ? nil : try string()
    }

    /// Reads the value at the read position with `read`, or, when `read` refuses it, skips it
    /// and returns nil: for fields the money does not depend on, whose odd value must not make
    /// the whole object unreadable. A value that is not well-formed JSON still throws.
    mutating func lenient<T>(_ read: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> T? {
        var attempt = self
        do throws(JSONReadError) {
            let value = try read(&attempt)
            self = attempt
            return value
        } catch {
            try skipValue()
            return nil
        }
    }

    /// Reads a JSON array of `element`s.
    mutating func array<T>(_ element: (inout JSONReader) throws(JSONReadError) -> T) throws(JSONReadError) -> [T] {
        var items: [T] = []
        try readArray { reader throws(JSONReadError) in items.append(try element(&reader)) }
        return items
    }
}

extension JSONReader {
    /// Reads an object keyed by symbol, each value with `read`.
    mutating func bySymbol<T>(_ read: (inout JSONReader, String) throws(JSONReadError) -> T) throws(JSONReadError) -> [Symbol: T] {
        var values: [Symbol: T] = [:]
        try readObject { reader, key throws(JSONReadError) in
            var symbol: [UInt8] = []
            try JSONReader.unescape(key, into: &symbol)
            let name = String(decoding: symbol, as: UTF8.self)
            values[Symbol(name)] = try read(&reader, name)
        }
        return values
    }
}
