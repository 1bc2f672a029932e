import StrategyKit
import Wire

extension JSONWriter {
    /// The Account object of a cash account: `longValue` is its positions at their mark prices,
    /// `buyingPower` its cash less what its open buy orders hold.
    mutating func alpacaAccount(_ account: AlpacaAccount, longValue: Money, buyingPower: Money, startingCash: Money) {
        let equity = account.cash + longValue
        raw("{")
        stringMember("id", account.uuid)
        stringMember("account_number", account.name.rawValue)
        stringMember("status", "ACTIVE")
        stringMember("crypto_status", "INACTIVE")
        stringMember("currency", "USD")
        dollarString("cash", account.cash)
        dollarString("buying_power", buyingPower)
        dollarString("regt_buying_power", buyingPower)
        dollarString("daytrading_buying_power", Money.zero)
        dollarString("non_marginable_buying_power", buyingPower)
        dollarString("equity", equity)
        dollarString("last_equity", startingCash)
        dollarString("portfolio_value", equity)
        dollarString("long_market_value", longValue)
        for key: StaticString in [
            "short_market_value", "initial_margin", "maintenance_margin", "last_maintenance_margin", "sma", "accrued_fees",
        ] {
            dollarString(key, Money.zero)
        }
        stringMember("multiplier", "1")
        for key: StaticString in ["pattern_day_trader", "trading_blocked", "transfers_blocked", "account_blocked", "trade_suspended_by_user", "shorting_enabled"] {
            boolMember(key, false)
        }
        intMember("daytrade_count", 0)
        timeMember("created_at", account.createdAt)
        raw("}")
    }
}
