import FoundationEssentials
import HTTP
import Quotes
import Quoting
import StrategyKit
import Wire

/// Finnhub's quote and symbol endpoints (`/api/v1/quote`, `/api/v1/search`,
/// `/api/v1/stock/symbol`) for the simulated exchange's own stocks, with day figures from each
/// venue's trade tape (`TradeTape.dayQuote`). Paths with doubled slashes (`/api/v1//quote`, as the official
/// Python client sends) are the same paths. With API keys configured, the token (`token=` or
/// `X-Finnhub-Token`) must be one of them, else 401 `{"error":"Invalid API key."}`; an open
/// exchange takes any token or none.
struct FinnhubRouter: Sendable {
    let marketplace: Marketplace

    /// Whether a request whose `pathSegments` are `parts` is for this API: its path starts with
    /// `/api/v1`.
    static func handles(_ parts: [Substring]) -> Bool {
        parts.count >= 2 && parts[0] == "api" && parts[1] == "v1"
    }

    /// The response to a request this router `handles`.
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let parts = request.pathSegments.dropFirst(2).map(String.init)
        let query = URLComponents(string: "http://simulated" + request.target)?.queryItems ?? []
        func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
        guard request.method == "GET" else { return Self.error(405, "Method \(request.method) is not allowed; use GET.") }
        guard marketplace.acceptsFinnhubToken(parameter("token") ?? request.headers["X-Finnhub-Token"]) else {
            return Self.error(401, "Invalid API key.")
        }
        switch parts {
        case ["quote"]:
            guard let symbol = parameter("symbol"), !symbol.isEmpty else { return Self.error(422, "Missing parameter: symbol.") }
            return VenueRouter.json(200, quote(Symbol(symbol.uppercased())))
        case ["search"]:
            guard let text = parameter("q") else { return Self.error(422, "Missing parameter: q.") }
            return VenueRouter.json(200, search(text))
        case ["stock", "symbol"]:
            guard parameter("exchange") == "US" else { return Self.error(422, "The simulated exchange lists its stocks under exchange=US.") }
            return VenueRouter.json(200, symbols())
        default:
            return Self.error(404, "No such API endpoint: GET \(request.path).")
        }
    }

    /// `{"c":..,"d":..,"dp":..,"h":..,"l":..,"o":..,"pc":..,"t":..}`; zeros (and nulls for
    /// `d`, `dp`) for a symbol not listed or not yet traded, as Finnhub answers an unknown one.
    private func quote(_ symbol: Symbol) -> [UInt8] {
        guard let quote = marketplace.dayQuote(symbol).quote else {
            return Array(#"{"c":0,"d":null,"dp":null,"h":0,"l":0,"o":0,"pc":0,"t":0}"#.utf8)
        }
        var json: [UInt8] = Array(#"{"c":"#.utf8)
        json.appendDollars(quote.price)
        json.append(contentsOf: #","d":"#.utf8)
        json.appendDollars(quote.change)
        json.append(contentsOf: #","dp":"#.utf8)
        json.appendFixedPoint(quote.changeBasisPoints ?? 0, scale: 2)
        for (key, price) in [("h", quote.high), ("l", quote.low), ("o", quote.open), ("pc", quote.previousClose)] {
            json.append(contentsOf: ",\"\(key)\":".utf8)
            json.appendDollars(price)
        }
        json.append(contentsOf: #","t":"#.utf8)
        json.appendDecimal(quote.time.nanoseconds / 1_000_000_000)
        json.append(UInt8(ascii: "}"))
        return json
    }

    /// `{"count":n,"result":[{"description","displaySymbol","symbol","type"}]}`, best first.
    private func search(_ text: String) -> [UInt8] {
        let matches = directory().search(text, limit: 20)
        var json = JSONWriter(style: .shortEscapes)
        json.raw("{\"count\":")
        json.int(Int64(matches.count))
        json.raw(",\"result\":[")
        for (index, match) in matches.enumerated() {
            json.raw(index == 0 ? "{\"description\":" : ",{\"description\":")
            json.string(match.entry.name)
            json.raw(",\"displaySymbol\":")
            json.string(match.entry.symbol)
            json.raw(",\"symbol\":")
            json.string(match.entry.symbol)
            json.raw(",\"type\":\"Common Stock\"}")
        }
        json.raw("]}")
        return json.bytes
    }

    /// The listed stocks as `/stock/symbol`'s array.
    private func symbols() -> [UInt8] {
        var json = JSONWriter(style: .shortEscapes)
        json.raw("[")
        for (index, stock) in marketplace.listedStocks().enumerated() {
            json.raw(index == 0 ? "{\"currency\":\"USD\",\"description\":" : ",{\"currency\":\"USD\",\"description\":")
            json.string(stock.name)
            json.raw(",\"displaySymbol\":")
            json.string(stock.symbol.rawValue)
            json.raw(",\"figi\":\"\",\"isin\":null,\"mic\":\"XSIM\",\"shareClassFIGI\":\"\",\"symbol\":")
            json.string(stock.symbol.rawValue)
            json.raw(",\"symbol2\":\"\",\"type\":\"Common Stock\"}")
        }
        json.raw("]")
        return json.bytes
    }

    private func directory() -> SymbolDirectory {
        SymbolDirectory(marketplace.listedStocks().map {
            DirectoryEntry(symbol: $0.symbol.rawValue, name: $0.name, exchange: "XSIM", type: "Common Stock")
        })
    }

    /// `{"error":message}` with `status`, Finnhub's error shape.
    static func error(_ status: Int, _ message: String) -> HTTPResponse {
        var json = JSONWriter(style: .shortEscapes)
        json.raw("{\"error\":")
        json.string(message)
        json.raw("}")
        return VenueRouter.json(status, json.bytes)
    }
}
