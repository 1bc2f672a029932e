extension RiskCode {
    /// The key under `risk` in the configuration whose limit decides a denial of this code
    /// (`maxNotionalPerOrder` for `RISK_MAX_NOTIONAL`): the one to raise when the limit is too
    /// tight. Nil for a code no setting decides: a halted or reducing state, a missing book or
    /// reference price, a self-trade, a missing strategy, an unsettled order, an operator's change, a
    /// state that could not be saved.
    public var setting: String? {
        switch self {
        case .maxOrderQty: "maxOrderQty"
        case .maxPosition: "maxPosition"
        case .maxSymbolPosition: "maxSymbolPosition"
        case .maxNotional: "maxNotionalPerOrder"
        case .maxOpenOrders: "maxOpenOrders"
        case .priceCollar: "priceCollarBps"
        case .orderRate: "maxOrdersPerSecond"
        case .staleBook: "staleBookMs"
        case .marketOrdersDisabled: "allowMarketOrders"
        case .maxLoss: "maxLoss"
        case .nonPositiveQty, .nonPositivePrice, .noReferencePrice, .selfTrade, .halted, .reducingOnly, .unknownStrategy,
            .manual, .orderIDClash, .unsettledOrder, .stateUnsaved, .emulationRefused:
            nil
        }
    }
}
