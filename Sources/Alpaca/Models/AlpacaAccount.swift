import StrategyKit
import Wire

/// `GET /v2/account`: the account's identity, state and money (decimal strings, read exactly).
public struct AlpacaAccount: Sendable, Hashable {
    public var id: String
    public var accountNumber: String
    /// `ACTIVE` when the account may trade.
    public var status: String
    public var currency: String
    public var cash: Money
    public var buyingPower: Money
    public var equity: Money
    public var portfolioValue: Money
    public var longMarketValue: Money
    public var shortMarketValue: Money
    public var patternDayTrader: Bool
    public var tradingBlocked: Bool
    public var accountBlocked: Bool
    public var daytradeCount: Int64

    /// Reads the account object at `reader`; unknown fields are skipped.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id = "", number = "", status = "", currency = ""
        var cash = Money(cents: 0), buyingPower = Money(cents: 0), equity = Money(cents: 0), portfolio = Money(cents: 0)
        var long = Money(cents: 0), short = Money(cents: 0)
        var pdt = false, tradingBlocked = false, accountBlocked = false
        var daytrades: Int64 = 0
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("id") { id = try reader.string() }
            else if key.equals("account_number") { number = try reader.string() }
            else if key.equals("status") { status = try reader.string() }
            else if key.equals("currency") { currency = try reader.string() }
            else if key.equals("cash") { cash = try reader.dollarMoney(field: "account.cash") }
            else if key.equals("buying_power") { buyingPower = try reader.dollarMoney(field: "account.buying_power") }
            else if key.equals("equity") { equity = try reader.dollarMoney(field: "account.equity") }
            else if key.equals("portfolio_value") { portfolio = try reader.dollarMoney(field: "account.portfolio_value") }
            else if key.equals("long_market_value") { long = try reader.dollarMoney(field: "account.long_market_value") }
            else if key.equals("short_market_value") { short = try reader.dollarMoney(field: "account.short_market_value") }
            else if key.equals("pattern_day_trader") { pdt = try reader.bool() }
            else if key.equals("trading_blocked") { tradingBlocked = try reader.bool() }
            else if key.equals("account_blocked") { accountBlocked = try reader.bool() }
            else if key.equals("daytrade_count") { daytrades = try reader.int64() }
            else { try reader.skipValue() }
        }
        guard !id.isEmpty else { throw .refused("account.id: missing") }
        self.id = id
        self.accountNumber = number
        self.status = status
        self.currency = currency
        self.cash = cash
        self.buyingPower = buyingPower
        self.equity = equity
        self.portfolioValue = portfolio
        self.longMarketValue = long
        self.shortMarketValue = short
        self.patternDayTrader = pdt
        self.tradingBlocked = tradingBlocked
        self.accountBlocked = accountBlocked
        self.daytradeCount = daytrades
    }
}
