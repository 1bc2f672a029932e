import StrategyKit
import Wire

extension JSONWriter {
    /// `{"ok":false,"error":"<message>"}`
    mutating func failure(_ message: String) {
        raw("{\"ok\":false,\"error\":")
        string(message)
        raw("}")
    }

    /// The quote response (with `"ok":true`) or, `ok` false, the quote object alone, as the
    /// tickertape stream carries it; `bid`/`ask` and the last-trade fields are left out when absent.
    mutating func quote(_ quote: Quote, ok: Bool = true) {
        raw(ok ? "{\"ok\":true,\"symbol\":" : "{\"symbol\":")
        string(quote.symbol.rawValue)
        raw(",\"venue\":")
        string(quote.venue.rawValue)
        if let bid = quote.bid {
            raw(",\"bid\":")
            int(APINumbers.cents(bid))
        }
        if let ask = quote.ask {
            raw(",\"ask\":")
            int(APINumbers.cents(ask))
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
            int(APINumbers.cents(last))
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
