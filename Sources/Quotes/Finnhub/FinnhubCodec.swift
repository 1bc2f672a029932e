import Quoting
import StrategyKit
import Wire

/// Reads Finnhub's JSON shapes with Wire's reader: the quote (`/quote`), the symbol list
/// (`/stock/symbol`) and error bodies. Prices go through `FixedPoint`, never a `Double`.
enum FinnhubCodec {
    /// Finnhub sends prices as JSON numbers with up to four places; one with more places than
    /// `Price` holds is rounded half away from zero to the nearest `Price` unit (a watch list
    /// shows it; nothing is traded on it).
    static let extraPlaces = 4

    /// The quote of `symbol` in `body` (`{"c":..,"h":..,"l":..,"o":..,"pc":..,"t":..}`), or nil
    /// for Finnhub's answer to an unknown symbol: a current price or a time of 0.
    static func quote(_ symbol: Symbol, _ body: [UInt8]) throws(JSONReadError) -> DayQuote? {
        var current = Price(cents: 0), open = current, high = current, low = current, close = current
        var seconds: Int64 = 0
        try read(body) { reader throws(JSONReadError) in
            try reader.readObject { reader, key throws(JSONReadError) in
                func price() throws(JSONReadError) -> Price {
                    try reader.null() ? Price(cents: 0) : try roundedPrice(&reader, field: "quote.\(String(decoding: key.bytes, as: UTF8.self))")
                }
                if key.equals("c") {
                    current = try price()
                } else if key.equals("o") {
                    open = try price()
                } else if key.equals("h") {
                    high = try price()
                } else if key.equals("l") {
                    low = try price()
                } else if key.equals("pc") {
                    close = try price()
                } else if key.equals("t") {
                    seconds = try reader.null() ? 0 : try reader.int64(in: 0...Int64.max / 1_000_000_000, field: "quote.t")
                } else {
                    try reader.skipValue()
                }
            }
        }
        guard current.units > 0, seconds > 0 else { return nil }
        return DayQuote(
            symbol: symbol, price: current, open: open, high: high, low: low, previousClose: close,
            time: Timestamp(nanoseconds: seconds * 1_000_000_000))
    }

    /// The entries of `/stock/symbol`'s array (`symbol`, `description`, `mic`, `type`); the
    /// exchange is named from the MIC where it is a known one.
    static func symbols(_ body: [UInt8]) throws(JSONReadError) -> [DirectoryEntry] {
        var entries: [DirectoryEntry] = []
        try read(body) { reader throws(JSONReadError) in
            try reader.readArray { reader throws(JSONReadError) in
                var symbol = "", name = "", mic = "", type = ""
                try reader.readObject { reader, key throws(JSONReadError) in
                    func text() throws(JSONReadError) -> String { try reader.null() ? "" : try reader.string() }
                    if key.equals("symbol") {
                        symbol = try text()
                    } else if key.equals("description") {
                        name = try text()
                    } else if key.equals("mic") {
                        mic = try text()
                    } else if key.equals("type") {
                        type = try text()
                    } else {
                        try reader.skipValue()
                    }
                }
                guard !symbol.isEmpty else { return }
                entries.append(DirectoryEntry(symbol: symbol, name: name, exchange: exchangeName(mic: mic), type: type))
            }
        }
        return entries
    }

    /// The `error` member of an error body, nil when the body is not such an object.
    static func errorMessage(_ body: [UInt8]) -> String? {
        var message: String?
        do throws(JSONReadError) {
            try read(body) { reader throws(JSONReadError) in
                try reader.readObject { reader, key throws(JSONReadError) in
                    if key.equals("error") { message = try reader.string() } else { try reader.skipValue() }
                }
            }
        } catch {
            return nil
        }
        return message
    }

    /// A price with up to `Price.decimalPlaces + extraPlaces` places, rounded to `Price`'s unit.
    static func roundedPrice(_ reader: inout JSONReader, field: String) throws(JSONReadError) -> Price {
        var divisor: Int64 = 1
        for _ in 0..<extraPlaces { divisor *= 10 }
        let fine = try reader.fixedPoint(scale: Price.decimalPlaces + extraPlaces, field: field)
        guard fine >= 0 else { throw .refused("\(field): a price cannot be negative") }
        // Divided before the half is added: `fine` may be as large as `Int64` holds.
        let units = fine / divisor + (fine % divisor >= divisor / 2 ? 1 : 0)
        guard units <= Price.maxAccepted.units else { throw .refused("\(field): \(Price(units: units)) is out of range") }
        return Price(units: units)
    }

    /// The exchange name Tickwork's directory uses for a market identifier code.
    static func exchangeName(mic: String) -> String {
        switch mic {
        case "XNYS": return "NYSE"
        case "XNAS", "XNGS", "XNMS", "XNCM": return "NASDAQ"
        case "ARCX": return "NYSE ARCA"
        case "XASE": return "NYSE AMERICAN"
        case "BATS": return "CBOE"
        default: return mic.isEmpty ? "US" : mic
        }
    }

    private static func read(_ body: [UInt8], _ parse: (inout JSONReader) throws(JSONReadError) -> Void) throws(JSONReadError) {
        let outcome = body.withUnsafeBytes { bytes -> Result<Void, JSONReadError> in
            do throws(JSONReadError) {
                var reader = JSONReader(bytes)
                try parse(&reader)
                try reader.expectEnd()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }
}
