import APIClient
import StrategyKit
import Wire

/// GET `/v2/assets/{symbol}`: one asset; 404 for an unknown symbol.
public struct GetAsset: AlpacaCommand, Hashable {
    public var symbol: Symbol

    public init(symbol: Symbol) { self.symbol = symbol }
    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { "/v2/assets/" + PercentEncoding.encode(symbol.rawValue) }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> AlpacaAsset {
        try JSONReader.document(body) { reader throws(JSONReadError) in try AlpacaAsset(reading: &reader) }
    }
}
