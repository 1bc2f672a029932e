import APIClient
import StrategyKit
import Wire

/// GET `/v2/stocks/trades/latest?symbols=A,B`: the latest trade of each symbol in one request.
public struct GetLatestTrades: AlpacaCommand, Hashable {
    public var symbols: [Symbol]

    public init(symbols: [Symbol]) { self.symbols = symbols }
    public var api: AlpacaAPI { .marketData }
    public var method: HTTPMethod { .get }
    public var path: String {
        AlpacaPath.make("/v2/stocks/trades/latest", [("symbols", symbols.map(\.rawValue).joined(separator: ","))])
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [Symbol: AlpacaTrade] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            var trades: [Symbol: AlpacaTrade] = [:]
            try reader.readObject { reader, key throws(JSONReadError) in
                guard key.equals("trades") else { return try reader.skipValue() }
                trades = try reader.bySymbol { reader, symbol throws(JSONReadError) in try AlpacaTrade(reading: &reader, symbol: symbol) }
            }
            return trades
        }
    }
}
