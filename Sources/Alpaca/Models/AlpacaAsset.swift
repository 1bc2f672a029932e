import StrategyKit
import Wire

/// `GET /v2/assets/{symbol}`: an instrument and whether it can be traded.
public struct AlpacaAsset: Sendable, Hashable {
    public var id: String
    /// `us_equity`.
    public var assetClass: String
    /// `NASDAQ`, `NYSE`, `ARCA`, ...
    public var exchange: String
    public var symbol: Symbol
    public var name: String
    /// `active` or `inactive`.
    public var status: String
    public var tradable: Bool
    public var marginable: Bool
    public var shortable: Bool
    public var easyToBorrow: Bool
    public var fractionable: Bool

    /// Reads the asset object at `reader`; `id` and `symbol` are required.
    init(reading reader: inout JSONReader) throws(JSONReadError) {
        var id = "", assetClass = "", exchange = "", symbol = "", name = "", status = ""
        var tradable = false, marginable = false, shortable = false, easy = false, fractionable = false
        try reader.readObject { reader, key throws(JSONReadError) in
            if key.equals("id") { id = try reader.string() }
            else if key.equals("class") { assetClass = try reader.string() }
            else if key.equals("exchange") { exchange = try reader.string() }
            else if key.equals("symbol") { symbol = try reader.string() }
            else if key.equals("name") { name = try reader.optionalString() ?? "" }
            else if key.equals("status") { status = try reader.string() }
            else if key.equals("tradable") { tradable = try reader.bool() }
            else if key.equals("marginable") { marginable = try reader.bool() }
            else if key.equals("shortable") { shortable = try reader.bool() }
            else if key.equals("easy_to_borrow") { easy = try reader.bool() }
            else if key.equals("fractionable") { fractionable = try reader.bool() }
            else { try reader.skipValue() }
        }
        guard !id.isEmpty, !symbol.isEmpty else { throw .refused("asset: id and symbol are required") }
        self.id = id
        self.assetClass = assetClass
        self.exchange = exchange
        self.symbol = Symbol(symbol)
        self.name = name
        self.status = status
        self.tradable = tradable
        self.marginable = marginable
        self.shortable = shortable
        self.easyToBorrow = easy
        self.fractionable = fractionable
    }
}
