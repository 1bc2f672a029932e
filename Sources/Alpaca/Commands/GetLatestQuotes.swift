import APIClient
import StrategyKit
import Wire

/// GET `/v2/stocks/quotes/latest?symbols=A,B`: the latest quote of each symbol in one request.
/// A symbol without a quote is absent from the result.
public struct GetLatestQuotes: AlpacaCommand, Hashable {
    public var symbols: [Symbol]

    public init(symbols: [Symbol]) { self.symbols = symbols }
    public var api: AlpacaAPI { .marketData }
    public var method: HTTPMethod { .get }
    public var path: String {
        AlpacaPath.make("/v2/stocks/quotes/latest", [("symbols", symbols.map(\.rawValue).joined(separator: ","))])
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [Symbol: AlpacaQuote] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            var quotes: [Symbol: AlpacaQuote] = [:]
            try reader.readObject { reader, key throws(JSONReadError) in
                guard key.equals("quotes") else { return try reader.skipValue() }
                quotes = try reader.bySymbol { reader, symbol throws(JSONReadError) in try AlpacaQuote(reading: &reader, symbol: symbol) }
            }
            return quotes
        }
    }
}
