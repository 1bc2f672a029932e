import Alpaca
import StrategyKit

/// The JSON the one-call commands print for Alpaca's objects: Alpaca's field names, prices and
/// money as decimal-dollar strings (as Alpaca sends them), quantities as integers, ISO-8601 times.
enum AlpacaJSON {
    struct Order: Encodable {
        var id, client_order_id, symbol, side, type, time_in_force, status, created_at: String
        var qty: Int64?
        var filled_qty: Int64
        var limit_price, filled_avg_price: String?
        var order_class: String
        var stop_price, trail_price, trail_percent, hwm, replaced_by: String?
        /// A bracket's, OCO's or OTO's other orders; absent for a single order.
        var legs: [Order]?

        init(_ order: AlpacaOrder) {
            id = order.id
            client_order_id = order.clientOrderID
            symbol = order.symbol.rawValue
            side = order.side.rawValue
            type = order.type
            time_in_force = order.timeInForce
            status = order.status
            created_at = order.createdAt.iso8601
            qty = order.qty?.shares
            filled_qty = order.filledQty.shares
            limit_price = order.limitPrice.map(\.description)
            filled_avg_price = order.filledAvgPrice
            order_class = order.orderClass
            stop_price = order.stopPrice.map(\.description)
            trail_price = order.trailPrice.map(\.description)
            trail_percent = order.trailBasisPoints.map { WatchTable.text($0, scale: 2) }
            hwm = order.highWaterMark.map(\.description)
            replaced_by = order.replacedBy
            legs = order.legs.isEmpty ? nil : order.legs.map(Order.init)
        }
    }

    struct Account: Encodable {
        var id, account_number, status, currency, cash, buying_power, equity, portfolio_value: String
        var trading_blocked, pattern_day_trader: Bool

        init(_ account: AlpacaAccount) {
            id = account.id
            account_number = account.accountNumber
            status = account.status
            currency = account.currency
            cash = account.cash.description
            buying_power = account.buyingPower.description
            equity = account.equity.description
            portfolio_value = account.portfolioValue.description
            trading_blocked = account.tradingBlocked
            pattern_day_trader = account.patternDayTrader
        }
    }

    struct Position: Encodable {
        var symbol: String
        var qty: Int64
        var avg_entry_price, market_value, unrealized_pl: String

        init(_ position: AlpacaPosition) {
            symbol = position.symbol.rawValue
            qty = position.qty.shares
            avg_entry_price = position.avgEntryPrice.description
            market_value = position.marketValue.description
            unrealized_pl = position.unrealizedPL.description
        }
    }

    struct Clock: Encodable {
        var timestamp, next_open, next_close: String
        var is_open: Bool

        init(_ clock: AlpacaClock) {
            timestamp = clock.timestamp.iso8601
            next_open = clock.nextOpen.iso8601
            next_close = clock.nextClose.iso8601
            is_open = clock.isOpen
        }
    }

    struct Quote: Encodable {
        var symbol, t, bp, ap: String
        var bs, `as`: Int64

        init(_ symbol: Symbol, _ quote: AlpacaQuote) {
            self.symbol = symbol.rawValue
            t = quote.time.iso8601
            bp = quote.bidPrice.description
            ap = quote.askPrice.description
            bs = quote.bidSize.shares
            `as` = quote.askSize.shares
        }
    }
}
