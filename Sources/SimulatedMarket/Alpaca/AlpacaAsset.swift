import StrategyKit
import Wire

/// How the simulated market's stocks appear as Alpaca assets: active, tradable US equities on
/// an exchange from Alpaca's list, neither marginable nor shortable (accounts are cash accounts).
enum AlpacaAsset {
    /// The exchange every simulated stock is listed on (one of Alpaca's enum values).
    static let exchange = "NASDAQ"

    /// The asset's UUID, the same for a symbol on every run.
    static func id(_ symbol: Symbol) -> String {
        AlpacaIdentifier.uuid(AlpacaIdentifier.hash(symbol.rawValue), .asset)
    }

    /// Writes the Asset object of `stock`.
    static func write(_ stock: ListedStock, to json: inout JSONWriter) {
        json.raw("{")
        json.stringMember("id", id(stock.symbol))
        json.stringMember("class", "us_equity")
        json.stringMember("exchange", exchange)
        json.stringMember("symbol", stock.symbol.rawValue)
        json.stringMember("name", stock.name)
        json.stringMember("status", "active")
        json.boolMember("tradable", true)
        json.boolMember("marginable", false)
        json.boolMember("shortable", false)
        json.boolMember("easy_to_borrow", false)
        json.boolMember("fractionable", false)
        json.intMember("maintenance_margin_requirement", 100)
        json.member("attributes")
        json.raw("[]")
        json.raw("}")
    }
}
