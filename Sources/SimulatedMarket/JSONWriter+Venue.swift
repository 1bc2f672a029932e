import StrategyKit

extension JSONWriter {
    /// `{"ok":false,"error":"<message>"}`
    mutating func failure(_ message: String) {
        raw("{\"ok\":false,\"error\":")
        string(message)
        raw("}")
    }

    /// The API's order object; with `ok`, the top-level response of place, status and cancel,
    /// without it, an entry of an order list.
    mutating func order(_ order: OrderStatus, ok: Bool) {
        raw(ok ? "{\"ok\":true,\"symbol\":" : "{\"symbol\":")
        string(order.symbol.rawValue)
        raw(",\"venue\":")
        string(order.venue.rawValue)
        raw(order.side == .buy ? ",\"direction\":\"buy\",\"originalQty\":" : ",\"direction\":\"sell\",\"originalQty\":")
        int(order.originalQty.shares)
        raw(",\"qty\":")
        int(order.qty.shares)
        raw(",\"price\":")
        int(order.price.cents)
        raw(",\"orderType\":")
        string(order.type.rawValue)
        raw(",\"id\":")
        int(order.id.rawValue)
        raw(",\"account\":")
        string(order.account.rawValue)
        raw(",\"ts\":")
        timestamp(order.ts)
        raw(",\"fills\":[")
        for (index, fill) in order.fills.enumerated() {
            raw(index == 0 ? "{\"price\":" : ",{\"price\":")
            int(fill.price.cents)
            raw(",\"qty\":")
            int(fill.qty.shares)
            raw(",\"ts\":")
            timestamp(fill.ts)
            raw("}")
        }
        raw("],\"totalFilled\":")
        int(order.totalFilled.shares)
        raw(",\"open\":")
        bool(order.open)
        raw("}")
    }

    /// `{"ok":true,"venue":V,"orders":[...]}`
    mutating func orderList(venue: Venue, orders: [OrderStatus]) {
        raw("{\"ok\":true,\"venue\":")
        string(venue.rawValue)
        raw(",\"orders\":[")
        for (index, status) in orders.enumerated() {
            if index > 0 { raw(",") }
            order(status, ok: false)
        }
        raw("]}")
    }

    /// The order book response up to and including `"ts":`, which the caller completes with the
    /// time and `}`; the part before is reusable while the book does not change.
    mutating func bookPrefix(venue: Venue, symbol: Symbol, bids: [BookEntry], asks: [BookEntry]) {
        raw("{\"ok\":true,\"venue\":")
        string(venue.rawValue)
        raw(",\"symbol\":")
        string(symbol.rawValue)
        raw(",\"bids\":")
        entries(bids, isBuy: true)
        raw(",\"asks\":")
        entries(asks, isBuy: false)
        raw(",\"ts\":")
    }

    private mutating func entries(_ entries: [BookEntry], isBuy: Bool) {
        raw("[")
        for (index, entry) in entries.enumerated() {
            raw(index == 0 ? "{\"price\":" : ",{\"price\":")
            int(entry.price.cents)
            raw(",\"qty\":")
            int(entry.qty.shares)
            raw(isBuy ? ",\"isBuy\":true}" : ",\"isBuy\":false}")
        }
        raw("]")
    }

    /// The quote response; `bid`/`ask` and the last-trade fields are left out when absent.
    mutating func quote(_ quote: Quote) {
        raw("{\"ok\":true,\"symbol\":")
        string(quote.symbol.rawValue)
        raw(",\"venue\":")
        string(quote.venue.rawValue)
        if let bid = quote.bid {
            raw(",\"bid\":")
            int(bid.cents)
        }
        if let ask = quote.ask {
            raw(",\"ask\":")
            int(ask.cents)
        }
        raw(",\"bidSize\":")
        int(quote.bidSize.shares)
        raw(",\"askSize\":")
        int(quote.askSize.shares)
        raw(",\"bidDepth\":")
        int(quote.bidDepth.shares)
        raw(",\"askDepth\":")
        int(quote.askDepth.shares)
        if let last = quote.last, let lastSize = quote.lastSize, let lastTrade = quote.lastTrade {
            raw(",\"last\":")
            int(last.cents)
            raw(",\"lastSize\":")
            int(lastSize.shares)
            raw(",\"lastTrade\":")
            timestamp(lastTrade)
        }
        raw(",\"quoteTime\":")
        timestamp(quote.quoteTime)
        raw("}")
    }
}
