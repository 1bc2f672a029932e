import StockFighter
import StrategyKit
import Wire

/// The API's shapes for `--json`: prices in cents, quantities in shares, ISO-8601 times.
enum ExchangeJSON {
    struct Entry: Encodable {
        var price: Int64
        var qty: Int64
    }

    struct Book: Encodable {
        var venue: String
        var symbol: String
        var ts: String
        var bids: [Entry]
        var asks: [Entry]

        init(_ book: BookSnapshot) {
            venue = book.venue.rawValue
            symbol = book.symbol.rawValue
            ts = book.exchangeTime.iso8601
            bids = book.bids.map { Entry(price: APINumbers.cents($0.price), qty: $0.qty.shares) }
            asks = book.asks.map { Entry(price: APINumbers.cents($0.price), qty: $0.qty.shares) }
        }
    }

    struct Quote: Encodable {
        var venue: String, symbol: String
        var bid: Int64?, ask: Int64?
        var bidSize: Int64, askSize: Int64, bidDepth: Int64, askDepth: Int64
        var last: Int64?, lastSize: Int64?, lastTrade: String?
        var quoteTime: String

        init(_ quote: StrategyKit.Quote) {
            venue = quote.venue.rawValue
            symbol = quote.symbol.rawValue
            bid = quote.bid.map(APINumbers.cents)
            ask = quote.ask.map(APINumbers.cents)
            bidSize = quote.bidSize.shares
            askSize = quote.askSize.shares
            bidDepth = quote.bidDepth.shares
            askDepth = quote.askDepth.shares
            last = quote.last.map(APINumbers.cents)
            lastSize = quote.lastSize?.shares
            lastTrade = quote.lastTrade?.iso8601
            quoteTime = quote.quoteTime.iso8601
        }
    }

    struct Fill: Encodable {
        var price: Int64
        var qty: Int64
        var ts: String
    }

    struct Order: Encodable {
        var id: Int64, venue: String, symbol: String, account: String
        var direction: String, orderType: String
        var price: Int64, originalQty: Int64, qty: Int64, totalFilled: Int64
        var open: Bool
        var ts: String
        var fills: [Fill]

        init(_ order: OrderStatus) {
            id = order.id.rawValue
            venue = order.venue.rawValue
            symbol = order.symbol.rawValue
            account = order.account.rawValue
            direction = order.side.rawValue
            orderType = order.type.rawValue
            price = APINumbers.cents(order.price)
            originalQty = order.originalQty.shares
            qty = order.qty.shares
            totalFilled = order.totalFilled.shares
            open = order.open
            ts = order.ts.iso8601
            fills = order.fills.map { Fill(price: APINumbers.cents($0.price), qty: $0.qty.shares, ts: $0.ts.iso8601) }
        }
    }

    struct Heartbeat: Encodable {
        var ok: Bool
        var baseURL: String
        var venue: String
    }
}
