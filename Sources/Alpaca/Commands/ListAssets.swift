import APIClient
import Wire

/// GET `/v2/assets`: the assets, filtered by `status` (`active`) and `asset_class` when given.
public struct ListAssets: AlpacaCommand, Hashable {
    public var status: String?
    public var assetClass: String?

    public init(status: String? = nil, assetClass: String? = nil) {
        self.status = status
        self.assetClass = assetClass
    }

    public var api: AlpacaAPI { .trading }
    public var method: HTTPMethod { .get }
    public var path: String { AlpacaPath.make("/v2/assets", [("status", status), ("asset_class", assetClass)]) }

    public func decode(_ body: UnsafeRawBufferPointer) throws(JSONReadError) -> [AlpacaAsset] {
        try JSONReader.document(body) { reader throws(JSONReadError) in
            try reader.array { reader throws(JSONReadError) in try AlpacaAsset(reading: &reader) }
        }
    }
}
