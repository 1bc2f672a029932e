import StrategyKit

extension Notice {
    /// One notice of each kind, marked as a test, for `tickwork notify test` to check a setup
    /// with the very bodies the daemon sends.
    public static func samples(at time: Timestamp) -> [Notice] {
        let test = Field("test", "true")
        return [
            Notice(.fills, at: time, "fill: buy 100 FOOBAR @ 49.50", [.init("strategy", "example"), .init("order", "1"), test]),
            Notice(.rejections, at: time, "order rejected: sell 100 FOOBAR @ 51.00", [.init("strategy", "example"), test]),
            Notice(.tradingState, at: time, "trading halted (was active)", [.init("scope", "account"), .init("code", "RISK_MANUAL"), test]),
            Notice(.lossLimit, at: time, "trading halted (was active)", [
                .init("scope", "strategy example"), .init("code", "RISK_MAX_LOSS"), .init("loss", "-1,250.00"), .init("limit", "1,000.00"), test,
            ]),
            Notice(.denials, at: time, "20 risk denials within 60 seconds", [.init("last", "RISK_PRICE_COLLAR"), test]),
            Notice(.daemon, at: time, "stopped", [.init("exit", "0"), test]),
            Notice(.reconciliation, at: time, "refused to trade: the exchange does not match the ledger", [test]),
            Notice(.ledger, at: time, "ledger failed: trading stopped, exit 3", [test]),
        ]
    }
}
