import StrategyKit

extension RiskCode {
    /// A limit or value of a denial of this code, as a reader of a report wants it: money in
    /// dollars, quantities in shares, rates, times and basis points with their units (the
    /// checks keep them as bare integers: units of $0.0001, shares, orders, ms, bps).
    public func text(ofLimit value: Int64) -> String {
        switch self {
        case .maxNotional, .maxLoss: "$\(Money(units: value))"
        case .maxOrderQty, .maxPosition, .maxSymbolPosition, .nonPositiveQty: "\(value) shares"
        case .nonPositivePrice: "$\(Money(units: value))"
        case .maxOpenOrders: "\(value) orders"
        case .orderRate: "\(value) orders/s"
        case .staleBook: "\(value) ms"
        case .priceCollar: "\(value) bps"
        case .noReferencePrice, .selfTrade, .marketOrdersDisabled, .halted, .reducingOnly, .unknownStrategy, .manual,
            .orderIDClash, .unsettledOrder, .stateUnsaved, .emulationRefused:
            "\(value)"
        }
    }
}
