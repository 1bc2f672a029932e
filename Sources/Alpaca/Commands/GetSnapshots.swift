import APIClient
import StrategyKit
import Wire

/// GET `/v2/stocks/snapshots?symbols=A,B`: each symbol's snapshot, keyed by symbol at the top
/// level.
public struct GetSnapshots: AlpacaCommand, Hashable {
    public var symbols: [Symbol]

    public init(symbols: [Symbol]) { self.symbols = symbols }
    public var api: AlpacaAPI { .marketData }
    public var method: HTTPMethod { .get }
    public var path: String {
        AlpacaPath.make("/v2/stocks/snapshots", [("symbols", symbols.map(\.rawValue).joined(separator: ","))])
    }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [Symbol: AlpacaSnapshot] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            try reader.bySymbol { reader, symbol throws(JSONReadError) in try AlpacaSnapshot(reading: &reader, symbol: symbol) }
        }
    }
}
