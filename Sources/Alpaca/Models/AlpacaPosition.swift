import StrategyKit
import Wire

/// One open position of `GET /v2/positions`. `qty` is signed: negative for a short.
public struct AlpacaPosition: Sendable, Hashable {
    public var symbol: Symbol
    public var qty: Quantity
    /// `long` or `short`.
    public var side: String
    public var avgEntryPrice: Price
    public var marketValue: Money
    public var costBasis: Money
    public var unrealizedPL: Money
    public var currentPrice: Price?

    /// Reads the position object at `reader`; `symbol` and `qty` are required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var symbol = "", qty: Quantity?, side = "", avg = Price.zero
        var value = Money(cents: 0), basis = Money(cents: 0), pl = Money(cents: 0), current: Price?
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("symbol") { symbol = try reader.string() }
            else if key.equals("qty") { qty = try reader.shares(field: "position.qty") }
            else if key.equals("side") { side = try reader.string() }
            else if key.equals("avg_entry_price") { avg = try reader.dollarPrice(field: "position.avg_entry_price") }
            else if key.equals("market_value") { value = try reader.null() ? value : try reader.dollarMoney(field: "position.market_value") }
            else if key.equals("cost_basis") { basis = try reader.dollarMoney(field: "position.cost_basis") }
            else if key.equals("unrealized_pl") { pl = try reader.null() ? pl : try reader.dollarMoney(field: "position.unrealized_pl") }
            else if key.equals("current_price") { current = try reader.optionalDollarPrice(field: "position.current_price") }
            else { try reader.skipValue() }
        }
        guard !symbol.isEmpty, let qty else { throw .refused("position: symbol and qty are required") }
        self.symbol = Symbol(symbol)
        // Alpaca reports a short's qty as negative; some servers give the size and the side.
        self.qty = side == "short" && qty.shares > 0 ? -qty : qty
        self.side = side
        self.avgEntryPrice = avg
        self.marketValue = value
        self.costBasis = basis
        self.unrealizedPL = pl
        self.currentPrice = current
    }
}
