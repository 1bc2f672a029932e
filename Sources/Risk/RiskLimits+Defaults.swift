extension RiskLimits {
    /// The limits used where a configuration sets none: small, so that a forgotten key errs
    /// on the side of trading less.
    public static let defaults = RiskLimits(
        maxOrderQty: 1_000, maxPosition: 1_000, maxNotionalPerOrder: 10_000_000, maxOpenOrders: 20,
        priceCollarBasisPoints: 500, maxOrdersPerSecond: 20, staleBookMs: 2_000, allowMarketOrders: false,
        maxLoss: 1_000_000)
}

extension AccountRiskLimits {
    /// The account-wide limits used where a configuration sets none.
    public static let defaults = AccountRiskLimits(maxSymbolPosition: 2_000, maxLoss: 2_000_000)
}
