import Quoting
import StrategyKit
import Wire

/// A symbol as an Alpaca asset: the simulated market's stocks as active, tradable US equities
/// on an exchange from Alpaca's list; the symbol directory's other entries as active but not
/// tradable (the market has no book for them). None is marginable or shortable (accounts are
/// cash accounts).
struct AlpacaAsset {
    /// The exchange every simulated stock is listed on (one of Alpaca's enum values).
    static let exchange = "NASDAQ"

    var symbol: String
    var name: String
    /// One of Alpaca's exchange values.
    var exchange: String
    var tradable: Bool

    /// The market's `stock`, tradable.
    init(_ stock: ListedStock) {
        self.init(symbol: stock.symbol.rawValue, name: stock.name, exchange: Self.exchange, tradable: true)
    }

    /// The directory's `entry`, not tradable.
    init(_ entry: DirectoryEntry) {
        self.init(symbol: entry.symbol, name: entry.name, exchange: Self.exchange(of: entry), tradable: false)
    }

    private init(symbol: String, name: String, exchange: String, tradable: Bool) {
        self.symbol = symbol
        self.name = name
        self.exchange = exchange
        self.tradable = tradable
    }

    /// The asset's UUID, the same for a symbol on every run.
    static func id(_ symbol: Symbol) -> String {
        AlpacaIdentifier.uuid(AlpacaIdentifier.hash(symbol.rawValue), .asset)
    }

    /// Alpaca's name for the exchange a directory entry is listed on. Alpaca's enum has no
    /// "unknown" (the official SDK refuses a value outside it), so an exchange the directory
    /// does not know (`US`) is served as NYSE, where most of those index members are listed.
    static func exchange(of entry: DirectoryEntry) -> String {
        switch entry.exchange.uppercased() {
        case "NASDAQ": return "NASDAQ"
        case "NYSE ARCA", "NYSEARCA", "ARCA": return "ARCA"
        case "NYSE AMERICAN", "NYSE MKT", "AMEX": return "AMEX"
        case "CBOE", "BATS": return "BATS"
        case "OTC": return "OTC"
        default: return "NYSE"
        }
    }

    /// Whether `symbolOrID` names this asset, by symbol or by id.
    func isNamed(_ symbolOrID: String) -> Bool {
        symbol == symbolOrID || Self.id(Symbol(symbol)) == symbolOrID
    }

    /// Writes the Asset object.
    func write(to json: inout JSONWriter) {
        json.raw("{")
        json.stringMember("id", Self.id(Symbol(symbol)))
        json.stringMember("class", "us_equity")
        json.stringMember("exchange", exchange)
        json.stringMember("symbol", symbol)
        json.stringMember("name", name)
        json.stringMember("status", "active")
        json.boolMember("tradable", tradable)
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
