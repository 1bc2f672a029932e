import StockFighter
import StrategyKit

/// How the one-call exchange commands show results: text for people (prices in dollars and
/// cents) and API-shaped JSON for scripts (prices in cents, ISO-8601 times).
enum ExchangeOutput {
    static func dollars(_ price: Price) -> String { "$\(price)" }

    /// The book, bids and asks side by side, best first.
    static func text(_ book: BookSnapshot) -> String {
        var rows = [["BID QTY", "BID", "ASK", "ASK QTY"]]
        for index in 0..<max(book.bids.count, book.asks.count) {
            let bid = index < book.bids.count ? book.bids[index] : nil
            let ask = index < book.asks.count ? book.asks[index] : nil
            rows.append([
                bid.map { String($0.qty.shares) } ?? "", bid.map { dollars($0.price) } ?? "",
                ask.map { dollars($0.price) } ?? "", ask.map { String($0.qty.shares) } ?? "",
            ])
        }
        var text = "\(book.symbol) on \(book.venue) at \(book.exchangeTime)\n"
        if book.bids.isEmpty && book.asks.isEmpty {
            text += "  (empty book)\n"
        } else {
            // A side that runs out leaves padding at the end of the line: drop it.
            for row in TextTable.render(rows, indent: "  ", rightAligned: [0, 1, 3]).split(separator: "\n") {
                var line = row
                while line.hasSuffix(" ") { line.removeLast() }
                text += line + "\n"
            }
        }
        if let spread = book.spread { text += "  spread \(dollars(spread))\n" }
        return text
    }

    static func text(_ quote: Quote) -> String {
        func side(_ name: String, _ price: Price?, _ size: Quantity, _ depth: Quantity) -> [String] {
            [name, price.map(dollars) ?? "none", "size \(size)", "depth \(depth)"]
        }
        var rows = [side("bid", quote.bid, quote.bidSize, quote.bidDepth), side("ask", quote.ask, quote.askSize, quote.askDepth)]
        if let last = quote.last {
            rows.append(["last", dollars(last), "size \(quote.lastSize ?? .zero)", quote.lastTrade.map { "at \($0)" } ?? ""])
        } else {
            rows.append(["last", "no trade yet"])
        }
        return "\(quote.symbol) on \(quote.venue) at \(quote.quoteTime)\n" + TextTable.render(rows, indent: "  ", rightAligned: [1])
    }

    static func text(_ order: OrderStatus) -> String {
        let price = order.type == .market ? "market" : "@ \(dollars(order.price))"
        var text = "order \(order.id): \(order.side.rawValue) \(order.originalQty) \(order.symbol) \(order.type.rawValue) \(price), "
        text += "\(order.open ? "open" : "closed"), filled \(order.totalFilled), outstanding \(order.qty)\n"
        text += "  account \(order.account) on \(order.venue), placed \(order.ts)\n"
        for (index, fill) in order.fills.enumerated() {
            text += "  fill \(index + 1): \(fill.qty) @ \(dollars(fill.price)) at \(fill.ts)\n"
        }
        return text
    }

    /// One line per order.
    static func text(_ orders: [OrderStatus]) -> String {
        guard !orders.isEmpty else { return "no orders\n" }
        var rows = [["ID", "SYMBOL", "SIDE", "TYPE", "PRICE", "QTY", "FILLED", "STATE"]]
        for order in orders {
            rows.append([
                order.id.description, order.symbol.rawValue, order.side.rawValue, order.type.rawValue,
                order.type == .market ? "market" : dollars(order.price), order.originalQty.description,
                order.totalFilled.description, order.open ? "open" : "closed",
            ])
        }
        return TextTable.render(rows, rightAligned: [0, 4, 5, 6])
    }
}
