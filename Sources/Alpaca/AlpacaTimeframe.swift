/// A bar interval Alpaca accepts: `1Min`…`59Min`, `1Hour`…`23Hour`, `1Day`, `1Week`,
/// `1Month`…`12Month`.
public struct AlpacaTimeframe: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: String

    /// Parses `rawValue`; nil for an interval Alpaca does not offer.
    public init?(rawValue: String) {
        let units: [(String, ClosedRange<Int>)] = [("Min", 1...59), ("Hour", 1...23), ("Day", 1...1), ("Week", 1...1), ("Month", 1...12)]
        guard let (unit, range) = units.first(where: { rawValue.hasSuffix($0.0) }),
              let count = Int(rawValue.dropLast(unit.count)), range.contains(count), !rawValue.hasPrefix("0")
        else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    /// One-minute bars.
    public static let oneMinute = AlpacaTimeframe(known: "1Min")
    /// Daily bars.
    public static let oneDay = AlpacaTimeframe(known: "1Day")

    public var description: String { rawValue }
}
