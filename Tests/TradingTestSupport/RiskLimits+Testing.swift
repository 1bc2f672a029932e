import Risk

extension RiskLimits {
    /// The limits the kernel's tests trade under: the configuration's defaults (`RiskLimits.defaults`
    /// in Live, which the kernel's tests do not import); LiveTests checks that the two agree.
    public static let testing = RiskLimits(
        maxOrderQty: 1_000, maxPosition: 1_000, maxNotionalPerOrder: 10_000_000, maxOpenOrders: 20,
        priceCollarBasisPoints: 500, maxOrdersPerSecond: 20, staleBookMs: 2_000, allowMarketOrders: false,
        maxLoss: 1_000_000)
}

extension AccountRiskLimits {
    /// The account-wide limits the kernel's tests trade under: the configuration's defaults.
    public static let testing = AccountRiskLimits(maxSymbolPosition: 2_000, maxLoss: 2_000_000)
}
