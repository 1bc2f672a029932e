import Alpaca
import StrategyKit

/// How the one-call commands show Alpaca's objects to people: dollars, one row per item.
enum AlpacaOutput {
    static func text(_ order: AlpacaOrder) -> String {
        var text = "order \(order.id) (\(order.clientOrderID)): " + summary(order)
        text += "\n  placed \(order.submittedAt ?? order.createdAt)\n"
        if let replacedBy = order.replacedBy { text += "  replaced by \(replacedBy)\n" }
        for leg in order.legsInGroupOrder { text += "  \(order.orderClass) leg \(leg.id): \(summary(leg))\n" }
        return text
    }

    /// One order on one line: side, quantity, type, time in force, prices, status and fills.
    private static func summary(_ order: AlpacaOrder) -> String {
        var text = "\(order.side.rawValue) \(order.qty?.description ?? "?") \(order.symbol) \(order.type)/\(order.timeInForce)"
        if let limit = order.limitPrice { text += " @ $\(limit)" } else if !order.isStop { text += " market" }
        if let stop = order.stopPrice { text += " stop $\(stop)" }
        if let trail = order.trailPrice { text += " trail $\(trail)" }
        if let points = order.trailBasisPoints { text += " trail \(WatchTable.text(points, scale: 2))%" }
        if let mark = order.highWaterMark { text += " high-water mark $\(mark)" }
        text += ", \(order.status), filled \(order.filledQty)"
        return text + (order.filledAvgPrice.map { " at an average $\($0)" } ?? "")
    }

    static func text(_ orders: [AlpacaOrder]) -> String {
        guard !orders.isEmpty else { return "no orders\n" }
        var rows = [["ID", "SYMBOL", "SIDE", "TYPE", "TIF", "PRICE", "QTY", "FILLED", "STATUS"]]
        for order in orders {
            rows.append([
                order.id, order.symbol.rawValue, order.side.rawValue, order.type, order.timeInForce,
                order.limitPrice.map { "$\($0)" } ?? "market", order.qty?.description ?? "", order.filledQty.description, order.status,
            ])
        }
        return TextTable.render(rows, rightAligned: [5, 6, 7])
    }

    static func text(_ account: AlpacaAccount) -> String {
        let rows = [
            ["account", account.accountNumber], ["status", account.status + (account.tradingBlocked ? " (trading blocked)" : "")],
            ["cash", "$\(account.cash)"], ["buying power", "$\(account.buyingPower)"], ["equity", "$\(account.equity)"],
            ["portfolio value", "$\(account.portfolioValue)"], ["day trades", String(account.daytradeCount)],
        ]
        return TextTable.render(rows, indent: "")
    }

    static func text(_ positions: [AlpacaPosition]) -> String {
        guard !positions.isEmpty else { return "no positions\n" }
        var rows = [["SYMBOL", "QTY", "AVG PRICE", "MARKET VALUE", "UNREALIZED P&L"]]
        for position in positions {
            rows.append([
                position.symbol.rawValue, position.qty.description, "$\(position.avgEntryPrice)", "$\(position.marketValue)",
                "$\(position.unrealizedPL)",
            ])
        }
        return TextTable.render(rows, rightAligned: [1, 2, 3, 4])
    }

    static func text(_ clock: AlpacaClock) -> String {
        let next = clock.isOpen ? "closes at \(clock.nextClose)" : "opens at \(clock.nextOpen)"
        return "market \(clock.isOpen ? "open" : "closed") at \(clock.timestamp); \(next)\n"
    }

    static func text(_ quotes: [(Symbol, AlpacaQuote)]) -> String {
        var rows = [["SYMBOL", "BID SIZE", "BID", "ASK", "ASK SIZE", "TIME"]]
        for (symbol, quote) in quotes {
            rows.append([
                symbol.rawValue, quote.bidSize.description, "$\(quote.bidPrice)", "$\(quote.askPrice)", quote.askSize.description,
                quote.time.description,
            ])
        }
        return TextTable.render(rows, rightAligned: [1, 2, 3, 4])
    }
}
