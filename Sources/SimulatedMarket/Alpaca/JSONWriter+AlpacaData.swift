import StrategyKit
import Wire

extension JSONWriter {
    /// A Quote `{t,ax,ap,as,bx,bp,bs,c,z}` of the book now; with `streamed`, the stream's
    /// message, `"T":"q","S":<symbol>` first.
    mutating func alpacaQuote(_ quote: Quote, streamed: Bool = false) {
        alpacaQuote(
            time: quote.quoteTime, bid: quote.bid, bidSize: quote.bidSize, ask: quote.ask, askSize: quote.askSize,
            streamed: streamed ? ("q", quote.symbol) : nil)
    }

    /// A Quote of the history.
    mutating func alpacaQuote(_ record: MarketHistory.QuoteRecord) {
        alpacaQuote(time: record.time, bid: record.bid, bidSize: record.bidSize, ask: record.ask, askSize: record.askSize)
    }

    /// A Quote `{t,ax,ap,as,bx,bp,bs,c,z}`: prices as JSON numbers, 0 for an empty side.
    private mutating func alpacaQuote(
        time: Timestamp, bid: Price?, bidSize: Quantity, ask: Price?, askSize: Quantity, streamed: (StaticString, Symbol)? = nil
    ) {
        open(streamed)
        timeMember("t", time)
        stringMember("ax", "V")
        dollarNumber("ap", ask ?? .zero)
        intMember("as", askSize.shares)
        stringMember("bx", "V")
        dollarNumber("bp", bid ?? .zero)
        intMember("bs", bidSize.shares)
        member("c")
        raw("[\"R\"]")
        stringMember("z", "C")
        raw("}")
    }

    /// A Trade `{t,x,p,s,c,i,z}`; as the stream's message, `"T":"t","S":<symbol>` first.
    mutating func alpacaTrade(_ trade: TradeTape.Print, streamedAs symbol: Symbol? = nil) {
        open(symbol.map { ("t", $0) })
        timeMember("t", trade.time)
        stringMember("x", "V")
        dollarNumber("p", trade.price)
        intMember("s", trade.qty.shares)
        member("c")
        raw("[\"@\"]")
        intMember("i", trade.id)
        stringMember("z", "C")
        raw("}")
    }

    /// A Bar `{t,o,h,l,c,v,n,vw}`; `vw` to four places below the price unit, truncated; as the
    /// stream's message, `"T":"b","S":<symbol>` first.
    mutating func alpacaBar(_ bar: TradeBar, streamedAs symbol: Symbol? = nil) {
        open(symbol.map { ("b", $0) })
        timeMember("t", Timestamp(nanoseconds: bar.start))
        dollarNumber("o", bar.open)
        dollarNumber("h", bar.high)
        dollarNumber("l", bar.low)
        dollarNumber("c", bar.close)
        intMember("v", bar.volume.shares)
        intMember("n", bar.trades)
        member("vw")
        bytes.appendFixedPoint(
            bar.notional.units * 10_000 / max(1, bar.volume.shares), scale: Price.decimalPlaces + 4, minimumFractionDigits: 2)
        raw("}")
    }

    /// `"key":` then a bar, or `null`.
    mutating func alpacaBar(_ key: StaticString, _ bar: TradeBar?) {
        member(key)
        guard let bar else { return raw("null") }
        alpacaBar(bar)
    }

    /// `{`, then `"T":<type>,"S":<symbol>` for a stream's message.
    private mutating func open(_ streamed: (type: StaticString, symbol: Symbol)?) {
        raw("{")
        guard let streamed else { return }
        raw("\"T\":\"")
        raw(streamed.type)
        raw("\",\"S\":")
        string(streamed.symbol.rawValue)
    }
}
